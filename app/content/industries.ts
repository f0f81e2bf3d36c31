import { paths } from "@shared/site-routes";
import { agentDemos, type AgentDemo } from "./agent-demo";
import type { IconName } from "./icons";

export type IndustryId = "law" | "trades" | "insurance";

/** What happens in a step of "a typical call"; each kind has its icon on the timeline. */
export type CallStepKind = "answer" | "gather" | "book" | "handoff";

export type IndustryPage = {
  path: string;
  eyebrow: string;
  title: string;
  lead: string;
  icon: IconName;
  /** Heads the "Sound familiar?" card beside the industry's icon. */
  painPointsLabel: string;
  painPoints: string[];
  useCases: { title: string; description: string }[];
  /** "A typical call": each step with one line on what happens in it. */
  workflow: { kind: CallStepKind; title: string; description: string }[];
  /** The example call the hero's mock-up shows (placeholder content, see agent-demo.ts). */
  demo: AgentDemo;
};

export const industryPages: Record<IndustryId, IndustryPage> = {
  law: {
    path: paths.industryLaw,
    eyebrow: "Law Firms",
    title: "Never miss a prospective client again",
    lead: "An AI receptionist that answers every call, runs intake and books consultations while you're in court or with a client.",
    icon: "scale",
    painPointsLabel: "Common at busy law firms",
    painPoints: [
      "Prospective clients call the next firm when nobody answers",
      "Intake details get lost between voicemail and the case system",
      "Paralegals spend hours on scheduling and reminders",
    ],
    useCases: [
      { title: "Client intake", description: "Collects matter type, parties, dates and contact details on the first call." },
      { title: "Conflict pre-screening", description: "Captures the names your team needs for a conflict check." },
      { title: "Consultation booking", description: "Books consultations into attorneys' calendars with reminders." },
      { title: "After-hours coverage", description: "Answers nights and weekends with your approved scripts." },
    ],
    workflow: [
      { kind: "answer", title: "Caller is greeted in your firm's name", description: "Answered in seconds, day or night, with the greeting you approve." },
      { kind: "gather", title: "Agent runs your intake questions", description: "Matter type, parties, key dates and contact details go into one record." },
      { kind: "book", title: "Consultation booked and confirmed by text", description: "An open slot in the right attorney's calendar, with reminders before the meeting." },
      { kind: "handoff", title: "Transcript and summary sent to your team", description: "Your team knows who called and what they need before the consultation." },
    ],
    demo: agentDemos.law,
  },
  trades: {
    path: paths.industryTrades,
    eyebrow: "Home Services & Trades",
    title: "Book the job while your crew is on the roof",
    lead: "Answer every call and text in seconds, quote common jobs, book appointments and handle emergencies, day and night.",
    icon: "wrench",
    painPointsLabel: "Common in home services and trades",
    painPoints: [
      "Calls come in while everyone is on a job",
      "Emergency calls at night go to voicemail",
      "Customers who don't get a callback book someone else",
    ],
    useCases: [
      { title: "Job booking", description: "Books service calls into your schedule with address and job details." },
      { title: "Emergency triage", description: "Spots urgent calls and escalates them to the on-call tech." },
      { title: "Quotes and pricing", description: "Answers common pricing questions from your price list." },
      { title: "Reminders and follow-up", description: "Confirms appointments and asks for reviews afterwards." },
    ],
    workflow: [
      { kind: "answer", title: "Customer calls or texts", description: "Answered in seconds, even when the whole crew is out on jobs." },
      { kind: "gather", title: "Agent qualifies the job and checks urgency", description: "It asks what's wrong and where, and escalates emergencies to the on-call tech." },
      { kind: "book", title: "Appointment booked and confirmed", description: "The job goes into an open slot on your schedule, with a text confirmation." },
      { kind: "handoff", title: "Details land in your job management system", description: "Address, job notes and the transcript are ready for the tech who takes it." },
    ],
    demo: agentDemos.trades,
  },
  insurance: {
    path: paths.industryInsurance,
    eyebrow: "Insurance",
    title: "Answer policyholders and prospects in seconds",
    lead: "Qualify quote requests, answer policy questions and book reviews with your agents, without hold music.",
    icon: "umbrella",
    painPointsLabel: "Common at insurance agencies",
    painPoints: [
      "Quote requests go cold while agents are on other calls",
      "Routine policy questions crowd out selling time",
      "Renewal and review reminders slip through the cracks",
    ],
    useCases: [
      { title: "Quote intake", description: "Gathers the details for auto, home and business quotes." },
      { title: "Policy questions", description: "Answers coverage and billing questions from your knowledge base." },
      { title: "Review booking", description: "Books annual reviews and renewals with the right agent." },
      { title: "Claims first notice", description: "Takes first notice of loss details and routes them quickly." },
    ],
    workflow: [
      { kind: "answer", title: "Caller is identified or qualified", description: "Policyholders are matched to their policy; new callers are asked what cover they need." },
      { kind: "gather", title: "Agent answers or gathers quote details", description: "Answers from your knowledge base, or the details your agents need for a quote." },
      { kind: "book", title: "Review or call-back booked with an agent", description: "The caller picks a time with the right agent instead of waiting on hold." },
      { kind: "handoff", title: "Summary logged to your agency system", description: "The transcript and summary are saved, so your agent picks up where the call left off." },
    ],
    demo: agentDemos.insurance,
  },
};
