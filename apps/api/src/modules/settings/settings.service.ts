import type { PortalSettings, PortalSettingsInput } from "@vetportal/contract";
import type { Config } from "../../config.ts";
import type { Database } from "../../db/client.ts";
import { inRetriedTransaction } from "../../db/retry.ts";
import type { Caches } from "../../lib/cache.ts";
import type { AuditActor, AuditRecorder } from "../audit/audit.service.ts";
import * as repo from "./settings.repository.ts";

/** The environment's values: the defaults until an administrator saves (decision 047). */
export type PortalSettingsDefaults = Pick<
  Config,
  | "CUSTOMER_ID"
  | "SUPPORT_PHONE"
  | "LARGE_ORDER_EMAIL"
  | "PET_INSURANCE_URL"
  | "APPROVAL_REMIND_DAYS"
  | "APPROVAL_EXPIRE_DAYS"
>;

interface SettingsDeps {
  db: Database;
  settings: PortalSettingsDefaults;
  caches: Caches;
  audit: AuditRecorder;
}

/** The days of the approvals' reminders and expiry, both counted from when a tier started waiting. */
export interface ApprovalDays {
  remindDays: number;
  expireDays: number;
}

type Row = NonNullable<Awaited<ReturnType<typeof repo.findSettings>>>;

const valuesOf = (r: repo.SettingsValues): repo.SettingsValues => ({
  support_phone: r.support_phone,
  large_order_email: r.large_order_email,
  pet_insurance_url: r.pet_insurance_url,
  approval_remind_days: r.approval_remind_days,
  approval_expire_days: r.approval_expire_days,
});

const answerOf = (r: Row): PortalSettings => ({ ...valuesOf(r), saved_at: r.updated.toISOString() });

/**
 * Portal settings (issue 23 §5, decision 047): the support phone, the large-order email, the
 * pet-insurance link and the approvals' days, per customer. Read through the caches (decision 017),
 * so a save made by any API process is read by every other within CACHE_MAX_STALE_MS; each save
 * writes its audit row, its "before" read under the row's lock, in the save's transaction.
 */
export function createSettingsService({ db, settings, caches, audit }: SettingsDeps) {
  const customerId = settings.CUSTOMER_ID;
  // APPROVAL_EXPIRE_DAYS counts after the reminder; the setting counts from the same start as it.
  const defaults: repo.SettingsValues = {
    support_phone: settings.SUPPORT_PHONE,
    large_order_email: settings.LARGE_ORDER_EMAIL,
    pet_insurance_url: settings.PET_INSURANCE_URL,
    approval_remind_days: settings.APPROVAL_REMIND_DAYS,
    approval_expire_days: settings.APPROVAL_REMIND_DAYS + settings.APPROVAL_EXPIRE_DAYS,
  };
  // null (nothing saved) is kept too: an unsaved portal reads the database only when the counter moves.
  const saved = caches.value(["portal_settings"], () => repo.findSettings(db, customerId));

  // One answer per saved row, frozen: the same object while nothing is saved, so what is built from
  // it (the catalogue's product answers) is kept until a save, and its bytes are written once.
  let answered: { row: Row | null; answer: Readonly<PortalSettings> } | undefined;
  async function current(): Promise<Readonly<PortalSettings>> {
    const row = await saved();
    if (answered?.row !== row) {
      answered = { row, answer: Object.freeze(row ? answerOf(row) : { ...defaults, saved_at: null }) };
    }
    return answered.answer;
  }

  return {
    /** The settings in force: the saved ones, or the environment's. */
    current,

    /** What the approvals' reminder and expiry job counts (decision 040). */
    async approvalDays(): Promise<ApprovalDays> {
      const s = await current();
      return { remindDays: s.approval_remind_days, expireDays: s.approval_expire_days };
    },

    /** Saves every setting; the change and its audit row commit together. */
    save(actor: AuditActor, input: PortalSettingsInput): Promise<PortalSettings> {
      const values = valuesOf(input);
      return inRetriedTransaction(db, async (tx) => {
        const created = await repo.insertSettings(tx, customerId, values);
        const before = created ? defaults : await repo.lockSettings(tx, customerId);
        const row = created ?? (await repo.updateSettings(tx, customerId, values));
        await audit.record(tx, {
          actor,
          kind: "settings",
          action: "update",
          recordId: customerId,
          label: "Portal settings",
          before: before && valuesOf(before),
          after: valuesOf(row),
        });
        return answerOf(row);
      });
    },
  };
}

export type SettingsService = ReturnType<typeof createSettingsService>;
