import "@mantine/nprogress/styles.layer.css";
import { NavigationProgress, nprogress } from "@mantine/nprogress";
import { useIsFetching, useIsMutating } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { useNavigation } from "react-router";

/** The top loading bar (SPEC §2, §9: height 2): runs while a route loads or any API call is in flight. */
export function ActivityProgress() {
  const navigation = useNavigation();
  const isFetching = useIsFetching() > 0;
  const isMutating = useIsMutating() > 0;
  const isBusy = navigation.state !== "idle" || isFetching || isMutating;
  const isRunning = useRef(false);

  useEffect(() => {
    if (isBusy && !isRunning.current) {
      isRunning.current = true;
      nprogress.reset();
      nprogress.start();
    } else if (!isBusy && isRunning.current) {
      isRunning.current = false;
      nprogress.complete();
    }
  }, [isBusy]);

  return <NavigationProgress size={2} stepInterval={500} aria-label="Loading" data-print="hide" />;
}
