import { Textarea, type TextareaProps } from "@mantine/core";
import type { CSSProperties } from "react";
import classes from "./growing-textarea.module.css";

export interface GrowingTextareaProps extends Omit<TextareaProps, "autosize" | "minRows" | "maxRows" | "rows"> {
  /** The lines shown when empty. */
  minRows: number;
  /** The lines it grows to before it scrolls; without it, it grows with its text. */
  maxRows?: number;
}

/**
 * A Textarea that grows with its text from `minRows` to `maxRows` lines and then scrolls, sized by
 * the browser (CSS `field-sizing: content`) rather than by Mantine's `autosize`, which measures the
 * text in JavaScript and so forces the page's layout while the form mounts (20–30 ms on a fast
 * machine, four times that on a phone: decision 034, lever 27). A browser without `field-sizing`
 * shows `minRows` lines with a handle to make it taller.
 */
export function GrowingTextarea({ minRows, maxRows, style, ...props }: GrowingTextareaProps) {
  const lines = { "--grow-min-rows": minRows, "--grow-max-rows": maxRows } as CSSProperties;
  return (
    <Textarea
      rows={minRows}
      {...props}
      classNames={{ input: classes.input }}
      style={{ ...lines, ...(style as CSSProperties | undefined) }}
    />
  );
}
