import { BookDemoButton } from "~/components/marketing/book-demo-button";
import { reassurance } from "~/content/calls-to-action";

/** The call to action at the end of a post or a customer story: Book demo, with the reassurance line. */
export function ArticleCta({ title, lead }: { title: string; lead: string }) {
  return (
    <aside aria-label={title} className="mt-12 rounded-2xl bg-primary-soft p-6 text-center sm:p-8">
      <h2 className="text-2xl font-bold tracking-tight">{title}</h2>
      <p className="mx-auto mt-2 max-w-prose text-pretty text-lg text-muted-foreground">{lead}</p>
      <div className="mt-6 flex justify-center">
        <BookDemoButton location="article" />
      </div>
      <p className="mt-3 text-[0.9375rem] text-muted-foreground">{reassurance.bookDemo}</p>
    </aside>
  );
}
