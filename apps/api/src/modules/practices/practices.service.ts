import { MESSAGES, type Practice } from "@vetportal/contract";
import { and, eq, sql } from "drizzle-orm";
import type { Config } from "../../config.ts";
import type { Database } from "../../db/client.ts";
import { addresses, users } from "../../db/schema/index.ts";
import { AppError } from "../../lib/app-error.ts";
import { normalizeAddressLine, normalizeForMatch } from "../auth/auth.service.ts";
import { checkDeliverable } from "./address-validator.ts";

export function assertDeliverable(address: { state: string; zip_code: string }) {
  if (!checkDeliverable(address).ok) {
    throw new AppError("ADDRESS_NOT_DELIVERABLE", MESSAGES.addressNotDeliverable, {
      zip_code: MESSAGES.addressNotDeliverable,
    });
  }
}

/** "Maria Lopez" → first "Maria", last "Lopez"; a single word is the first name. */
export function splitContact(contact: string) {
  const [first, ...rest] = contact.trim().split(/\s+/);
  return { first_name: first ?? contact, last_name: rest.join(" ") || null };
}

export function createPracticesService(db: Database, config: Config) {
  return {
    /**
     * Sign-up (SPEC §4): validates the address, then creates the practice (a level-1 user) and its
     * delivery address in one transaction. A practice already registered at the address, or an
     * email already in use, is refused.
     */
    async addPractice(input: Practice): Promise<{ id: number }> {
      assertDeliverable(input);
      return db.transaction(async (tx) => {
        const twins = await tx
          .select({ id: users.id, line1: addresses.line1, zip: addresses.zip_code })
          .from(users)
          .innerJoin(addresses, and(eq(addresses.belong_to, "user"), eq(addresses.owner_id, users.id)))
          .where(
            and(
              eq(users.customer_id, config.CUSTOMER_ID),
              eq(users.is_deleted, false),
              sql`btrim(regexp_replace(lower(${users.representation}), '[^a-z0-9]+', ' ', 'g')) = ${normalizeForMatch(input.practice_name)}`,
            ),
          );
        if (
          twins.some(
            (t) =>
              normalizeAddressLine(t.line1) === normalizeAddressLine(input.line1) &&
              normalizeForMatch(t.zip) === normalizeForMatch(input.zip_code),
          )
        ) {
          throw new AppError(
            "CONFLICT",
            "This practice is already registered at this address. Please sign in instead.",
            {
              practice_name: "Already registered at this address",
            },
          );
        }
        const [emailTaken] = await tx
          .select({ id: users.id })
          .from(users)
          .where(and(sql`lower(${users.email}) = ${input.email.toLowerCase()}`, eq(users.is_deleted, false)));
        if (emailTaken) {
          throw new AppError("CONFLICT", "This email is already registered.", {
            email: "This email is already registered",
          });
        }
        const [user] = await tx
          .insert(users)
          .values({
            customer_id: config.CUSTOMER_ID,
            ...splitContact(input.contact),
            email: input.email,
            phone: input.phone,
            representation: input.practice_name,
            user_level_id: 1,
          })
          .returning({ id: users.id });
        if (!user) throw new Error("practice not inserted");
        await tx.insert(addresses).values({
          customer_id: config.CUSTOMER_ID,
          belong_to: "user",
          owner_id: user.id,
          dropdown_name: "Practice",
          title: input.practice_name,
          company: input.practice_name,
          contact: input.contact,
          line1: input.line1,
          city: input.city,
          state: input.state,
          zip_code: input.zip_code,
          country: 186,
          phone: input.phone,
          is_billing: true,
        });
        return { id: user.id };
      });
    },
  };
}

export type PracticesService = ReturnType<typeof createPracticesService>;
