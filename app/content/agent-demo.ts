/**
 * PLACEHOLDER: the example calls the hero mock-ups show ("the agent at work"), one for the home
 * page and one per industry page (docs/product.md#design). Every business,
 * caller, phone number, address, time and name here is an obvious example (Example, Sample, Demo,
 * 555-01xx numbers, which are reserved for fiction): replace them with a real, permitted call
 * before launch. The picture is hidden from assistive technology; `summary` is the one sentence a
 * screen reader hears in its place, so keep it true to the lines.
 */

/** The words on every example call's card that are not the call's own. */
const labels = {
  live: "Live",
  agent: "AI agent",
  afterCall: "After the call",
} as const;

export type AgentDemoLine = { role: "agent" | "caller"; text: string };

/** One result of the call, drawn as an outcome row: a bold line and its detail. */
export type AgentDemoOutcome = { title: string; detail: string };

export type AgentDemo = {
  /** What a screen reader hears instead of the picture: one sentence. */
  summary: string;
  /** The business the agent answers for, in the call card's title bar. */
  business: string;
  caller: { name: string; initials: string; number: string };
  /** The call's running time on the card, "mm:ss". */
  elapsed: string;
  /** Three or four short lines (about 46 characters at most, so each fits one line beside the copy at desktop width). */
  transcript: readonly AgentDemoLine[];
  /** What the call left behind: the booked slot, the text the caller got, the note to the team. */
  outcomes: { booked: AgentDemoOutcome; confirmation: AgentDemoOutcome; teamSummary: AgentDemoOutcome };
  /**
   * The card's own words, the same on every call. They travel with the call rather than being
   * imported by the component: the component is in the chunk every page loads, and importing
   * anything from this module would bring all four calls along with it.
   */
  labels: typeof labels;
};

export type AgentDemoId = "home" | "trades" | "insurance" | "law";

export const agentDemos: Record<AgentDemoId, AgentDemo> = {
  home: {
    labels,
    summary:
      "An example call: the AI agent answers a small business's phone, books a cleaning for Thursday at 4:15 PM, texts the caller a confirmation and sends a summary to the front desk.",
    business: "Sample Family Dental",
    caller: { name: "Riley Example", initials: "RE", number: "(555) 010-0147" },
    elapsed: "01:42",
    transcript: [
      { role: "agent", text: "Sample Family Dental, how can I help?" },
      { role: "caller", text: "Hi, I'd like to book a cleaning for my son." },
      { role: "agent", text: "Dr. Sample has Thursday at 4:15 PM. Book it?" },
      { role: "caller", text: "Perfect, thank you!" },
    ],
    outcomes: {
      booked: { title: "Cleaning booked", detail: "Thu 4:15 PM · Dr. Sample" },
      confirmation: { title: "Confirmation text sent", detail: "“See you Thursday at 4:15 PM.”" },
      teamSummary: { title: "Summary sent to the front desk", detail: "New patient, age 9; prefers after-school slots." },
    },
  },
  trades: {
    labels,
    summary:
      "An example call: a customer reports a burst pipe at night; the AI agent books an emergency visit for 7:30 PM, texts a confirmation and sends the job details to the on-call tech.",
    business: "Sample Plumbing Co.",
    caller: { name: "Jordan Example", initials: "JE", number: "(555) 010-0163" },
    elapsed: "02:05",
    transcript: [
      { role: "caller", text: "A pipe just burst under my kitchen sink!" },
      { role: "agent", text: "Please shut off the main water valve first." },
      { role: "caller", text: "It's off. Can someone come tonight?" },
      { role: "agent", text: "Our on-call tech can be there at 7:30 PM." },
    ],
    outcomes: {
      booked: { title: "Emergency visit booked", detail: "Today 7:30 PM · on-call tech" },
      confirmation: { title: "Confirmation text sent", detail: "“Your tech arrives at 7:30 PM tonight.”" },
      teamSummary: { title: "Job sent to the on-call tech", detail: "Burst pipe, kitchen; water shut off." },
    },
  },
  insurance: {
    labels,
    summary:
      "An example call: a home buyer asks for a quote; the AI agent gathers the property details, books a quote review with an agent, texts a confirmation and logs a summary for the agency.",
    business: "Demo Insurance Agency",
    caller: { name: "Casey Sample", initials: "CS", number: "(555) 010-0128" },
    elapsed: "01:58",
    transcript: [
      { role: "caller", text: "I'm buying a house and need a home quote." },
      { role: "agent", text: "Sure. What's the address and closing date?" },
      { role: "caller", text: "12 Example Lane. We close on the 28th." },
      { role: "agent", text: "An agent can review it with you Wed at 11 AM." },
    ],
    outcomes: {
      booked: { title: "Quote review booked", detail: "Wed 11:00 AM · with an agent" },
      confirmation: { title: "Confirmation text sent", detail: "“Your quote review is Wed at 11 AM.”" },
      teamSummary: { title: "Summary logged for your agent", detail: "Home quote, 12 Example Lane; closing on the 28th." },
    },
  },
  law: {
    labels,
    summary:
      "An example call: the AI agent takes a new personal-injury inquiry, records the other party's name for a conflict check, books a consultation, texts a confirmation and sends the intake to the firm.",
    business: "Example Law Group",
    caller: { name: "Morgan Example", initials: "ME", number: "(555) 010-0119" },
    elapsed: "03:12",
    transcript: [
      { role: "caller", text: "I was hurt in a car accident. I need a lawyer." },
      { role: "agent", text: "I'm sorry. Who was the other driver involved?" },
      { role: "caller", text: "Pat Sample, from the police report." },
      { role: "agent", text: "Thanks. Can you meet an attorney Tue at 10 AM?" },
    ],
    outcomes: {
      booked: { title: "Consultation booked", detail: "Tue 10:00 AM · pending conflict check" },
      confirmation: { title: "Confirmation text sent", detail: "“Your consultation is Tue at 10 AM.”" },
      teamSummary: { title: "Intake sent to your team", detail: "Car accident, injury; conflict check: Pat Sample." },
    },
  },
};
