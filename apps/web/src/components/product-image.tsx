import { Image, type ImageProps } from "@mantine/core";
import placeholderUrl from "../assets/placeholder.svg";

type ProductImageProps = Omit<ImageProps, "src" | "fallbackSrc"> & {
  src: string | null | undefined;
  alt: string;
  /** "high" for a page's largest picture (its LCP element), fetched before the page's other images. */
  fetchPriority?: "high" | "low" | "auto";
};

/** A product picture; a broken or missing image falls back to the placeholder (SPEC §8). */
export function ProductImage({ src, alt, ...props }: ProductImageProps) {
  return <Image src={src || placeholderUrl} fallbackSrc={placeholderUrl} alt={alt} fit="contain" {...props} />;
}
