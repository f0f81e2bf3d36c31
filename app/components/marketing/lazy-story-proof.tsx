import * as React from "react";
import { ChunkFallbackBoundary } from "~/lib/chunk-fallback";
import { retryingImport } from "~/lib/lazy-import";

const loadStoryProof = retryingImport(() => import("./story-proof"));
const StoryProofCode = React.lazy(() => loadStoryProof().then((m) => ({ default: m.StoryProof })));

/**
 * The home and industry pages' customer story (decision 0906), its code loaded only where a story
 * is published: most pages have none, and it would otherwise ride in every page's shared chunk.
 * The server renders it complete (onAllReady), so it shows at first paint and without
 * JavaScript; hydration waits for its chunk. If the chunk never comes, the rest of the page
 * still works and the story is left out rather than breaking the page.
 */
export function LazyStoryProof(props: React.ComponentProps<typeof StoryProofCode>) {
  return (
    <ChunkFallbackBoundary onFailure={() => undefined}>
      <React.Suspense fallback={null}>
        <StoryProofCode {...props} />
      </React.Suspense>
    </ChunkFallbackBoundary>
  );
}
