import type { RichTextTree } from "@shared/content/rich-text-rules";
import { Accordion, AccordionContent, AccordionItem, AccordionTrigger } from "~/components/ui/accordion";
import { RichTextBody } from "~/components/content/rich-text";

/** A question and its answer: the code's words as text, or a published answer's rich text. */
export type FaqAccordionEntry = { question: string; answer: string | RichTextTree; id?: string };

/** Questions and answers as an accordion of native disclosures: one answer open at a time. */
export function FaqAccordion({ entries }: { entries: readonly FaqAccordionEntry[] }) {
  return (
    <Accordion className="rounded-xl border border-border bg-background px-5 shadow-sm sm:px-6">
      {entries.map((entry) => (
        <AccordionItem key={entry.id ?? entry.question}>
          <AccordionTrigger>{entry.question}</AccordionTrigger>
          <AccordionContent>{typeof entry.answer === "string" ? entry.answer : <RichTextBody tree={entry.answer} />}</AccordionContent>
        </AccordionItem>
      ))}
    </Accordion>
  );
}
