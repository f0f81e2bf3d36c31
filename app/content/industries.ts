import { paths } from "@shared/site-routes";
import type { IconName } from "./icons";

export type IndustryId = "law" | "trades" | "insurance";

export type IndustryPage = {
  path: string;
  eyebrow: string;
  title: string;
  lead: string;
  icon: IconName;
  painPoints: string[];
  useCases: { title: string; description: string }[];
  workflow: string[];
};

export const industryPages: Record<IndustryId, IndustryPage> = {
  law: {
    path: paths.industryLaw,
    eyebrow: "Law Firms",
    title: "Never miss a prospective client again",
    lead: "An AI receptionist that answers every call, runs intake and books consultations while you're in court or with a client.",
    icon: "scale",
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
    workflow: ["Caller is greeted in your firm's name", "Agent runs your intake questions", "Consultation booked and confirmed by text", "Transcript and summary sent to your team"],
  },
  trades: {
    path: paths.industryTrades,
    eyebrow: "Home Services & Trades",
    title: "Book the job while your crew is on the roof",
    lead: "Answer every call and text in seconds, quote common jobs, book appointments and handle emergencies, day and night.",
    icon: "wrench",
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
    workflow: ["Customer calls or texts", "Agent qualifies the job and checks urgency", "Appointment booked and confirmed", "Details land in your job management system"],
  },
  insurance: {
    path: paths.industryInsurance,
    eyebrow: "Insurance",
    title: "Answer policyholders and prospects in seconds",
    lead: "Qualify quote requests, answer policy questions and book reviews with your agents, without hold music.",
    icon: "umbrella",
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
    workflow: ["Caller is identified or qualified", "Agent answers or gathers quote details", "Review or call-back booked with an agent", "Summary logged to your agency system"],
  },
};
