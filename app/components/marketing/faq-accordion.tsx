import { Accordion, AccordionContent, AccordionItem, AccordionNoScript, AccordionTrigger } from "~/components/ui/accordion";

/** Questions and answers as an accordion; all answers are in the HTML (see AccordionContent). */
export function FaqAccordion({ entries }: { entries: readonly { question: string; answer: string; id?: string }[] }) {
  return (
    <div className="rounded-xl border border-border bg-background px-5 shadow-sm sm:px-6">
      <AccordionNoScript />
      <Accordion type="multiple">
        {entries.map((entry, index) => (
          <AccordionItem key={entry.id ?? entry.question} value={entry.id ?? `item-${index}`}>
            <AccordionTrigger>{entry.question}</AccordionTrigger>
            <AccordionContent>{entry.answer}</AccordionContent>
          </AccordionItem>
        ))}
      </Accordion>
    </div>
  );
}
