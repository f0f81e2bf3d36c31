import type { Route } from "./+types/omnichannel";
import { FeaturePage } from "~/components/marketing/feature-page";
import { reservedHeroRow } from "~/components/layout/page-hero";
import { OmnichannelInbox } from "~/components/marketing/mockup/omnichannel-inbox";
import { featureMockups, featurePages } from "~/content/feature-pages";
import { pageMeta } from "~/lib/seo";
import { paths } from "@shared/site-routes";

export const meta: Route.MetaFunction = () => pageMeta(paths.featureOmnichannel);

export default function OmnichannelPage() {
  return <FeaturePage content={featurePages["omnichannel"]} visual={<OmnichannelInbox mock={featureMockups["omnichannel"]} />} visualRow={reservedHeroRow.omnichannel} />;
}
