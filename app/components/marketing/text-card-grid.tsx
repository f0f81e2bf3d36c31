/**
 * Cards with a title and a sentence, no icon (IconCardGrid has one): capabilities, use cases,
 * overflow options. `className` lays out the list (grid, gap, columns).
 */
export function TextCardGrid({ items, className }: { items: readonly { title: string; description: string }[]; className: string }) {
  return (
    <ul className={className}>
      {items.map((item) => (
        <li key={item.title} className="rounded-xl border border-border bg-background p-6 shadow-sm">
          <h3 className="text-lg font-bold">{item.title}</h3>
          <p className="mt-2 text-[0.9375rem] text-muted-foreground">{item.description}</p>
        </li>
      ))}
    </ul>
  );
}
