/** The customer stories' fixed words (decision 0906): the stories themselves are studio content. */
export const customersCopy = {
  eyebrow: "Customers",
  title: "Customer stories",
  lead: "How teams like yours answer every call: the problem, what the agent does, and what changed.",
  description: "Customer stories: how law firms, trades and insurance agencies answer every call with an AI agent, and the results.",
  empty: "No customer stories are published yet. Book a demo and we'll walk through calls like yours.",
  backToList: "All customer stories",
  problemTitle: "The problem",
  solutionTitle: "What the agent does",
  resultsLabel: "Results",
  readStory: "Read the story",
  /** Where the home and industry pages show a story, its section's heading. */
  proofTitle: "Customer story",
  ctaTitle: "See it answer calls like yours",
  ctaLead: "Book a demo and we'll walk through your own call flow.",
} as const;
