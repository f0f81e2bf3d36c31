import { data, type RouterContextProvider } from "react-router";
import { nativeFormAnswerContext } from "@shared/native-form-answer";

/**
 * The route action of a page whose lead form posts natively (docs/decisions/0501). The server
 * has already checked the post and run the pipeline (server/routes/lead-pages.ts) and hands its
 * answer over in the context; the action passes it on as the page's `actionData`, with its
 * status. Without an answer (React Router reached any other way) there is nothing to act on.
 */
export function nativeFormAction({ context }: { context: Readonly<RouterContextProvider> }) {
  const answer = context.get(nativeFormAnswerContext);
  if (!answer) throw new Response(null, { status: 405 });
  return data(answer.state, { status: answer.status });
}
