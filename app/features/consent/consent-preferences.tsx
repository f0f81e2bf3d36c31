import * as React from "react";
import { Button } from "~/components/ui/button";
import { NativeDialog } from "~/components/ui/native-dialog";
import { Switch } from "~/components/ui/switch";
import { Label } from "~/components/ui/label";
import { cookieSettings } from "~/content/cookie-settings";
import { saveConsent } from "./consent";

/** The consent preferences dialog: loaded when first opened (docs/decisions/0303), a native modal `<dialog>`. */
export function ConsentPreferences({
  open,
  onOpenChange,
  needed,
  initial,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  needed: boolean;
  initial: { analytics: boolean; advertising: boolean };
}) {
  const [analytics, setAnalytics] = React.useState(initial.analytics);
  const [advertising, setAdvertising] = React.useState(initial.advertising);
  return (
    <NativeDialog
      id="cookie-settings"
      size="narrow"
      open={open}
      onClose={() => onOpenChange(false)}
      title={cookieSettings.title}
      description={needed ? cookieSettings.choose : cookieSettings.nothingToChoose}
      note={cookieSettings.counting}
    >
      {needed ? (
        <div className="grid gap-4">
          <div className="flex items-start justify-between gap-4">
            <div>
              <Label htmlFor="consent-analytics">Analytics</Label>
              <p className="text-sm text-muted-foreground">Helps us understand which pages are useful.</p>
            </div>
            <Switch id="consent-analytics" checked={analytics} onCheckedChange={setAnalytics} />
          </div>
          <div className="flex items-start justify-between gap-4">
            <div>
              <Label htmlFor="consent-advertising">Advertising</Label>
              <p className="text-sm text-muted-foreground">
                Lets ad platforms measure the campaigns that brought you here.
              </p>
            </div>
            <Switch id="consent-advertising" checked={advertising} onCheckedChange={setAdvertising} />
          </div>
          <div className="flex flex-wrap justify-end gap-2">
            <Button
              variant="outline"
              onClick={() => {
                saveConsent({ analytics: false, advertising: false });
                onOpenChange(false);
              }}
            >
              Reject all
            </Button>
            <Button
              onClick={() => {
                saveConsent({ analytics, advertising });
                onOpenChange(false);
              }}
            >
              Save choices
            </Button>
          </div>
        </div>
      ) : null}
    </NativeDialog>
  );
}
