import { Box } from "@mantine/core";
// The phone's banner is the home page's largest picture: inlined, it paints with the page's code
// and no request. The wide one (from 40em) is a file, so a phone never downloads it.
import compactBannerUrl from "../../../assets/insurance-banner-compact.svg?inline";
import wideBannerUrl from "../../../assets/insurance-banner-wide.svg";
import classes from "./insurance-banner.module.css";

const ALT = "Pet insurance for your clients: help owners say yes to care. Learn more (opens in a new tab)";

/** Home-page banner that opens the external pet-insurance page in a new tab (SPEC §2 "/"). */
export function InsuranceBanner({ href }: { href: string | undefined }) {
  const picture = (
    <picture>
      <source media="(max-width: 40em)" srcSet={compactBannerUrl} width={700} height={340} />
      <img className={classes.image} src={wideBannerUrl} alt={ALT} width={1200} height={260} />
    </picture>
  );
  if (!href) {
    return <Box className={classes.banner}>{picture}</Box>;
  }
  return (
    <a className={classes.banner} href={href} target="_blank" rel="noopener noreferrer">
      {picture}
    </a>
  );
}
