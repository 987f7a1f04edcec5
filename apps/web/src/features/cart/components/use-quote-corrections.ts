import type { Quote } from "@vetportal/contract";
import { useEffect } from "react";
import { getCart, setCartQuantity } from "../../../lib/cart-store.ts";

/**
 * Takes the quantities the server's quote would accept into the cart, each with the quote's reason
 * as the line's note ("Lowered to 12 packs: only 12 packs in stock."), so the cart is what will be
 * ordered and priced and no quantity changes silently. A quote for quantities the cart no longer
 * holds (the user changed them since) is ignored; a line the portal cannot sell at all (quantity 0)
 * keeps its quantity and shows the reason.
 */
export function useQuoteCorrections(quote: Quote | undefined) {
  useEffect(() => {
    if (!quote) return;
    const cart = getCart();
    for (const line of quote.lines) {
      const item = cart.find((i) => i.id === line.id);
      if (!item || item.quantity !== line.requested_quantity) continue;
      if (line.reason && line.quantity > 0 && line.quantity !== item.quantity)
        setCartQuantity(line.id, line.quantity, line.message);
    }
  }, [quote]);
}
