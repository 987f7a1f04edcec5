import { MultiSelect, NativeSelect, SimpleGrid, Switch, TextInput } from "@mantine/core";
import type { UseFormReturnType } from "@mantine/form";
import { dollarsToCents, type ProductDetail, ProductFormSchema } from "@vetportal/contract";
import { CountInput } from "../../../components/count-input.tsx";
import { EditForm, FormSection } from "../../../components/form-fields.tsx";
import { GrowingTextarea } from "../../../components/growing-textarea.tsx";
import { MoneyInput } from "../../../components/money-input.tsx";
import { useAppForm } from "../../../lib/form-kit.ts";
import { notifySaveError, schemaErrors } from "../../../lib/form-validation.ts";
import { useDepartmentOptions } from "../../../lib/list-departments.ts";
import type { ProductForm as ProductRequest } from "../api/create-product.ts";
import { useCategoryOptions } from "../api/list-categories.ts";
import { useProductTypes } from "../api/list-product-types.ts";
import { PriceRangesEditor, type PriceRangeValues } from "./price-ranges-editor.tsx";

type NumberValue = number | string;

export type ProductValues = {
  name: string;
  customer_sku: string;
  product_category_id: string;
  quickbooks_type_id: string;
  description_1: string;
  additional_info: string;
  package_quantity: NumberValue;
  min_quantity: NumberValue;
  max_quantity: NumberValue;
  price_ranges: PriceRangeValues[];
  /** Dollars, as typed. */
  pick_fees: NumberValue;
  cutoff_time: string;
  is_in_inventory: boolean;
  show_inventory: boolean;
  no_order_below_zero_inventory: boolean;
  low_inventory_amount: NumberValue;
  is_active: boolean;
  department_list: string[];
};

const CUTOFF_OPTIONS = Array.from({ length: 12 }, (_, i) => ({ value: String(i + 1), label: `${i + 1} pm EST` }));

/** Cents → dollars with their cents ("12.50"), as the money field shows them. */
const toDollars = (cents: number) => (cents / 100).toFixed(2);
/** Dollars as typed → cents, exactly: a third decimal is refused by the contract, never rounded (issue 22 §6). */
const toCents = (dollars: NumberValue) => dollarsToCents(dollars);
const toCount = (value: NumberValue) => (value === "" ? Number.NaN : Number(value));

export function productValues(product: ProductDetail | undefined, categoryId?: number): ProductValues {
  return {
    name: product?.name ?? "",
    customer_sku: product?.customer_sku ?? "",
    product_category_id: String(product?.product_category_id ?? categoryId ?? ""),
    quickbooks_type_id: String(product?.quickbooks_type_id ?? 1),
    description_1: product?.description_1 ?? "",
    additional_info: product?.additional_info ?? "",
    package_quantity: product?.package_quantity ?? 50,
    min_quantity: product?.min_quantity ?? 1,
    max_quantity: product?.max_quantity ?? 100,
    price_ranges: product?.price_ranges.length
      ? product.price_ranges.map((range) => ({
          min_quantity: range.min_quantity,
          max_quantity: range.max_quantity ?? "",
          price: toDollars(range.price_cents),
        }))
      : [{ min_quantity: 1, max_quantity: "", price: "" }],
    pick_fees: toDollars(product?.pick_fees ?? 0),
    cutoff_time: String(product?.cutoff_time ?? 2),
    is_in_inventory: product?.is_in_inventory ?? true,
    show_inventory: product?.show_inventory ?? false,
    no_order_below_zero_inventory: product?.no_order_below_zero_inventory ?? true,
    low_inventory_amount: product?.low_inventory_amount ?? 0,
    is_active: product?.is_active ?? true,
    department_list: product?.department_list.map(String) ?? [],
  };
}

/**
 * A typed minus sign or decimal is kept, never dropped silently: the contract then says what is
 * wrong with it ("Pack size (UOM) must be at least 1", "… must be a whole number"; issue 22 §6).
 */
/** Form values → the request: dollars become cents, selects become numbers, an empty maximum 'and up'. */
function toRequest(values: ProductValues): ProductRequest {
  return {
    ...values,
    product_category_id: Number(values.product_category_id),
    quickbooks_type_id: Number(values.quickbooks_type_id),
    package_quantity: toCount(values.package_quantity),
    min_quantity: toCount(values.min_quantity),
    max_quantity: toCount(values.max_quantity),
    price_ranges: values.price_ranges.map((range) => ({
      min_quantity: toCount(range.min_quantity),
      max_quantity: range.max_quantity === "" ? null : Number(range.max_quantity),
      price_cents: toCents(range.price),
    })),
    pick_fees: values.pick_fees === "" ? 0 : toCents(values.pick_fees),
    cutoff_time: Number(values.cutoff_time),
    low_inventory_amount: values.low_inventory_amount === "" ? 0 : Number(values.low_inventory_amount),
    department_list: values.department_list.map(Number),
  };
}

/** The contract validates cents; its price errors are shown on the dollar fields. */
function validate(values: ProductValues) {
  const errors = schemaErrors(ProductFormSchema, toRequest(values));
  return Object.fromEntries(
    Object.entries(errors).map(([path, message]) => [path.replace(/price_cents$/, "price"), message]),
  );
}

/** A count as typed, minus sign and decimals included: the contract says what is wrong with it. */
const TYPED_AS_IS = { allowNegative: true, allowDecimal: true, clampBehavior: "none" } as const;

/** Pack size, minimum and maximum order. */
function OrderLimits({ form }: { form: UseFormReturnType<ProductValues> }) {
  return (
    <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
      <CountInput
        {...TYPED_AS_IS}
        label="UOM (pack size)"
        withAsterisk
        min={1}
        {...form.getInputProps("package_quantity")}
      />
      <CountInput
        {...TYPED_AS_IS}
        label="Minimum order (packs)"
        withAsterisk
        min={1}
        {...form.getInputProps("min_quantity")}
      />
      <CountInput
        {...TYPED_AS_IS}
        label="Maximum order (packs)"
        withAsterisk
        min={1}
        {...form.getInputProps("max_quantity")}
      />
    </SimpleGrid>
  );
}

interface ProductFormProps {
  product?: ProductDetail;
  /** A new product's category (the select has no empty choice, so the page picks one). */
  categoryId?: number;
  submitLabel: string;
  isSaving: boolean;
  onSave: (request: ProductRequest) => Promise<unknown>;
}

/** The admin product form (SPEC §3 "Product", §5): every field an operator needs; money in dollars here, cents on the wire. */
export function ProductForm({ product, categoryId, submitLabel, isSaving, onSave }: ProductFormProps) {
  const categories = useCategoryOptions();
  const types = useProductTypes();
  const departments = useDepartmentOptions();
  const form = useAppForm<ProductValues>({ initialValues: productValues(product, categoryId), validate });

  const categoryOptions = (categories.data ?? []).map((c) => ({ value: String(c.id), label: c.name }));
  if (product && !categoryOptions.some((option) => option.value === String(product.product_category_id))) {
    categoryOptions.push({ value: String(product.product_category_id), label: product.category });
  }

  const submit = form.onSubmit((values) => {
    onSave(toRequest(values)).catch((error: unknown) => notifySaveError(form, error));
  });

  return (
    <EditForm
      label="Product"
      onSubmit={submit}
      cancelTo="/Product/ProductReport"
      submitLabel={submitLabel}
      isSaving={isSaving}
    >
      <FormSection title="Product">
        <TextInput label="Name" withAsterisk {...form.getInputProps("name")} />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput label="SKU" {...form.getInputProps("customer_sku")} />
          <NativeSelect
            label="Category"
            withAsterisk
            data={categoryOptions.length ? categoryOptions : [{ value: "", label: "Loading categories…" }]}
            {...form.getInputProps("product_category_id")}
          />
          <NativeSelect
            label="Type"
            data={(types.data ?? []).map((t) => ({ value: String(t.id), label: t.name }))}
            {...form.getInputProps("quickbooks_type_id")}
          />
          <TextInput
            label="Additional info"
            description="A short line under the name, for example the pack contents."
            {...form.getInputProps("additional_info")}
          />
        </SimpleGrid>
        <GrowingTextarea label="Description" minRows={3} maxRows={10} {...form.getInputProps("description_1")} />
      </FormSection>

      <FormSection title="Ordering and price">
        <OrderLimits form={form} />
        <PriceRangesEditor
          value={form.values.price_ranges}
          onChange={(ranges) => form.setFieldValue("price_ranges", ranges)}
          errors={form.errors}
        />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <MoneyInput
            allowNegative
            clampBehavior="none"
            label="Pick fee"
            description="Per order line, in dollars."
            {...form.getInputProps("pick_fees")}
          />
          <NativeSelect
            label="Cut-off time"
            description="Orders after this time ship a day later."
            data={CUTOFF_OPTIONS}
            {...form.getInputProps("cutoff_time")}
          />
        </SimpleGrid>
      </FormSection>

      <FormSection title="Inventory and visibility">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <Switch label="In inventory" {...form.getInputProps("is_in_inventory", { type: "checkbox" })} />
          <Switch label="Show inventory to practices" {...form.getInputProps("show_inventory", { type: "checkbox" })} />
          <Switch
            label="No orders below zero inventory"
            {...form.getInputProps("no_order_below_zero_inventory", { type: "checkbox" })}
          />
          <Switch label="Active" {...form.getInputProps("is_active", { type: "checkbox" })} />
        </SimpleGrid>
        <CountInput
          allowNegative
          clampBehavior="none"
          allowDecimal
          label="Low inventory amount"
          description="The replenishment point."
          min={0}
          maw={260}
          {...form.getInputProps("low_inventory_amount")}
        />
        <MultiSelect
          label="Visible to departments"
          description="Leave empty to show the product to every department."
          placeholder={form.values.department_list.length ? undefined : "Every department"}
          data={departments.data ?? []}
          searchable
          clearable
          hidePickedOptions
          nothingFoundMessage="No department by that name"
          {...form.getInputProps("department_list")}
        />
      </FormSection>
    </EditForm>
  );
}
