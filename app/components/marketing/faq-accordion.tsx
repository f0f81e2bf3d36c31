import { Accordion, AccordionContent, AccordionItem, AccordionTrigger } from "~/components/ui/accordion";

/** Questions and answers as an accordion of native disclosures: one answer open at a time. */
export function FaqAccordion({ entries }: { entries: readonly { question: string; answer: string; id?: string }[] }) {
  return (
    <Accordion className="rounded-xl border border-border bg-background px-5 shadow-sm sm:px-6">
      {entries.map((entry) => (
        <AccordionItem key={entry.id ?? entry.question}>
          <AccordionTrigger>{entry.question}</AccordionTrigger>
          <AccordionContent>{entry.answer}</AccordionContent>
        </AccordionItem>
      ))}
    </Accordion>
  );
}
