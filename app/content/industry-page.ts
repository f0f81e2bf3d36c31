/**
 * The sections every industry page has; each page fills them with its own content from
 * industries.ts. Kept apart from that module: the layout that reads this is in the chunk every
 * page loads, and the three pages' content should not come with it.
 */
export const industryPageSections = {
  painPointsTitle: "Sound familiar?",
  useCasesTitle: "What the agent handles",
  workflowTitle: "A typical call",
  workflowLead: "From the first ring to the note your team reads: the steps the agent follows on every call, in the words you approve.",
  finalCta: {
    title: "See it answer calls like yours",
    lead: "Book a demo and we'll walk through your own call flow.",
  },
} as const;
