import { MESSAGES } from "@vetportal/contract";
import { useSettings } from "../../lib/get-settings.ts";
import classes from "./app-footer.module.css";
import layout from "./app-layout.module.css";
import parts from "./shell-parts.module.css";

/** The signed-in pages' footer, in plain elements (decision 034). */
export function AppFooter() {
  const settings = useSettings();
  const phone = settings.data?.support_phone;
  return (
    <footer className={`${classes.footer} ${layout.footer}`} data-print="hide">
      <div className={parts.container}>
        <div className={classes.columns}>
          <div className={`${classes.column} ${classes.about}`}>
            <p className={classes.title}>Vet Portal</p>
            <p className={classes.small}>
              Pet-health education products for veterinary practices, supplied and fulfilled by our veterinary supply
              and print team.
            </p>
            <p className={classes.tiny}>© {new Date().getFullYear()} Vet Portal. All rights reserved.</p>
          </div>
          <div className={classes.column}>
            <p className={classes.title}>Customer Service</p>
            {phone && (
              <a href={`tel:${phone}`} className={classes.phone}>
                {phone}
              </a>
            )}
            <p className={classes.small}>{settings.data?.support_hours ?? MESSAGES.supportHours}</p>
          </div>
        </div>
      </div>
    </footer>
  );
}
