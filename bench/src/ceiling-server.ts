/**
 * The ceilings of the load benchmark (load.ts): what bare Fastify, and plain pg without an ORM, do
 * on this machine in the same run. Each runs in a process of its own (as the API does), so it never
 * shares the load generator's event loop:
 *
 *   tsx src/ceiling-server.ts hello          GET / → {"hello":"world"}
 *   tsx src/ceiling-server.ts bytes FILE     POST /api/product/list → FILE's bytes (the portal's own
 *                                            product list, fetched by load.ts), from memory
 *   tsx src/ceiling-server.ts pg-catalogue   POST /api/product/list → one prepared query over a pg pool,
 *                                            the active products as JSON
 *   tsx src/ceiling-server.ts pg-order       POST /api/order/add → one order in one transaction: the
 *                                            order row, a stock update and a ledger row per stocked
 *                                            product, the lines, the status history row
 *   tsx src/ceiling-server.ts pg-order-one   POST /api/order/add → one order and its line in one
 *                                            statement (issue 22 §2)
 *   tsx src/ceiling-server.ts pg-order-list FILE   POST /api/order/list → the practice's newest 25
 *                                            orders with their status, one query (FILE: the
 *                                            reader's order ids, as JSON; the first names the practice)
 *   tsx src/ceiling-server.ts pg-order-query FILE  POST /api/order/query → one order with its lines
 *                                            as JSON, one query, the ids of FILE in turn
 *
 * PORT (127.0.0.1), and DATABASE_URL for the pg ones (a pool of 10, the API's default). Prints
 * "ready" once listening. pg-order takes the practices (users with an address) and the active
 * products from the database, and places each order for the next practice with 1–3 products in
 * turn, each at its minimum quantity.
 */
import { readFileSync } from "node:fs";
import Fastify from "fastify";
import pg from "pg";

const [mode, file] = process.argv.slice(2);
const CUSTOMER_ID = Number(process.env.CUSTOMER_ID ?? 1850);
const app = Fastify({ logger: false });
const pool = () => new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });

if (mode === "hello") {
  app.get("/", async () => ({ hello: "world" }));
} else if (mode === "bytes") {
  const bytes = readFileSync(file as string);
  app.post("/api/product/list", async (_request, reply) => reply.type("application/json; charset=utf-8").send(bytes));
} else if (mode === "pg-catalogue") {
  const db = pool();
  const catalogue = {
    name: "catalogue",
    text: `select p.id, p.name, p.product_category_id, p.customer_sku, p.is_in_inventory, p.quickbooks_type_id,
        p.actual_inventory, p.additional_info, p.is_active, p.package_quantity, p.min_quantity, p.max_quantity,
        p.no_order_below_zero_inventory, p.image_url
      from products p join product_categories c on c.id = p.product_category_id
      where p.customer_id = $1 and p.is_active and c.is_active
      order by p.name, p.id limit 500`,
    values: [CUSTOMER_ID],
  };
  app.post("/api/product/list", async () => ({ result: 1, data: (await db.query(catalogue)).rows }));
} else if (mode === "pg-order") {
  const db = pool();
  const practices = (
    await db.query<{
      id: number;
      department_id: number | null;
      line1: string;
      city: string;
      state: string;
      zip: string;
    }>(
      `select distinct on (u.id) u.id, u.department_id, a.line1, a.city, a.state, a.zip_code as zip
         from users u join addresses a on a.belong_to = 'user' and a.owner_id = u.id
        where u.customer_id = $1 order by u.id, a.id`,
      [CUSTOMER_ID],
    )
  ).rows;
  const products = (
    await db.query<{ id: number; name: string; min_quantity: number; is_in_inventory: boolean; price: number }>(
      `select p.id, p.name, p.min_quantity, p.is_in_inventory,
          (select r.price_cents from product_price_ranges r where r.product_id = p.id order by r.min_quantity limit 1) as price
         from products p where p.customer_id = $1 and p.is_active order by p.id`,
      [CUSTOMER_ID],
    )
  ).rows;
  if (!practices.length || !products.length) throw new Error("pg-order: no practices or products in the database");
  let turn = 0;
  app.post("/api/order/add", async () => {
    const n = turn++;
    const practice = practices[n % practices.length] as (typeof practices)[number];
    const lines = Array.from(
      new Set([n, n * 7 + 3, n * 13 + 5].slice(0, 1 + (n % 3)).map((k) => k % products.length)),
      (k) => products[k] as (typeof products)[number],
    ).sort((a, b) => a.id - b.id);
    const items = lines.reduce((sum, p) => sum + p.price * p.min_quantity, 0);
    const client = await db.connect();
    try {
      await client.query("begin");
      const order = await client.query<{ id: number }>(
        `insert into orders (customer_id, user_id, department_id, delivery_method_id, contact_name, contact_phone, email,
            ship_name, ship_line1, ship_city, ship_state, ship_zip_code, total_items_amount, processing_amount, total_order_amount)
          values ($1, $2, $3, 1, 'Load Bench', '415-555-0101', 'load@bench.test', 'Load Bench', $4, $5, $6, $7, $8, 150, $9)
          returning id`,
        [
          CUSTOMER_ID,
          practice.id,
          practice.department_id,
          practice.line1,
          practice.city,
          practice.state,
          practice.zip,
          items,
          items + 150,
        ],
      );
      const orderId = order.rows[0]?.id;
      for (const p of lines) {
        if (!p.is_in_inventory) continue;
        const stock = await client.query<{ after: number }>(
          `update products set actual_inventory = actual_inventory - $2
            where id = $1 and (not no_order_below_zero_inventory or actual_inventory >= $2)
            returning actual_inventory as after`,
          [p.id, p.min_quantity],
        );
        if (!stock.rows[0]) throw new Error(`out of stock: product ${p.id}`);
        await client.query(
          `insert into inventory_transactions (product_id, action, quantity, ending_inventory, order_id, user_id)
            values ($1, 'sale', $2, $3, $4, $5)`,
          [p.id, -p.min_quantity, stock.rows[0].after, orderId, practice.id],
        );
      }
      await client.query(
        `insert into order_products (order_id, product_id, product_name, quantity, unit_price_cents, total_price_cents)
          select $1, * from unnest($2::int[], $3::text[], $4::int[], $5::int[], $6::int[])`,
        [
          orderId,
          lines.map((p) => p.id),
          lines.map((p) => p.name),
          lines.map((p) => p.min_quantity),
          lines.map((p) => p.price),
          lines.map((p) => p.price * p.min_quantity),
        ],
      );
      await client.query("insert into order_status_history (order_id, order_status_id, user_id) values ($1, 1, $2)", [
        orderId,
        practice.id,
      ]);
      await client.query("commit");
      return { result: 1, data: orderId };
    } catch (err) {
      await client.query("rollback");
      throw err;
    } finally {
      client.release();
    }
  });
} else if (mode === "pg-order-one") {
  const db = pool();
  const [practice] = (
    await db.query<{ id: number; line1: string; city: string; state: string; zip: string }>(
      `select u.id, a.line1, a.city, a.state, a.zip_code as zip
         from users u join addresses a on a.belong_to = 'user' and a.owner_id = u.id
        where u.customer_id = $1 order by u.id, a.id limit 1`,
      [CUSTOMER_ID],
    )
  ).rows;
  const [product] = (
    await db.query<{ id: number; name: string }>(
      "select id, name from products where customer_id = $1 and is_active order by id limit 1",
      [CUSTOMER_ID],
    )
  ).rows;
  if (!practice || !product) throw new Error("pg-order-one: no practice or product in the database");
  const statement = {
    name: "order-one",
    text: `with o as (
        insert into orders (customer_id, user_id, delivery_method_id, contact_name, contact_phone, email,
            ship_name, ship_line1, ship_city, ship_state, ship_zip_code, total_items_amount, processing_amount, total_order_amount)
        values ($1, $2, 1, 'Load Bench', '415-555-0101', 'load@bench.test', 'Load Bench', $3, $4, $5, $6, 500, 150, 650)
        returning id)
      insert into order_products (order_id, product_id, product_name, quantity, unit_price_cents, total_price_cents)
        select o.id, $7, $8, 1, 500, 500 from o returning order_id`,
    values: [
      CUSTOMER_ID,
      practice.id,
      practice.line1,
      practice.city,
      practice.state,
      practice.zip,
      product.id,
      product.name,
    ],
  };
  app.post("/api/order/add", async () => ({ result: 1, data: (await db.query(statement)).rows[0]?.order_id }));
} else if (mode === "pg-order-list" || mode === "pg-order-query") {
  const db = pool();
  const orderIds = JSON.parse(readFileSync(file as string, "utf8")) as number[];
  const [reader] = (await db.query<{ user_id: number }>("select user_id from orders where id = $1", [orderIds[0]]))
    .rows;
  if (!reader) throw new Error(`${mode}: the reader's orders are not in the database`);
  if (mode === "pg-order-list") {
    const list = {
      name: "order-list",
      text: `select o.id, u.first_name as user_first_name, u.last_name as user_last_name, o.shipping_instruction,
          o.created, o.order_status_id as order_status, s.name as order_status_name, o.total_order_amount,
          o.date_shipped, o.tracking_number
        from orders o join users u on u.id = o.user_id join order_statuses s on s.id = o.order_status_id
        where o.customer_id = $1 and o.user_id = $2 order by o.id desc limit 25`,
      values: [CUSTOMER_ID, reader.user_id],
    };
    app.post("/api/order/list", async () => ({ result: 1, data: (await db.query(list)).rows }));
  } else {
    let turn = 0;
    const text = `select o.*, s.name as order_status_name,
        (select json_agg(l order by l.id) from order_products l where l.order_id = o.id) as lines
      from orders o join order_statuses s on s.id = o.order_status_id
      where o.id = $1 and o.customer_id = $2 and o.user_id = $3`;
    app.post("/api/order/query", async () => {
      const id = orderIds[turn++ % orderIds.length];
      const { rows } = await db.query({ name: "order-query", text, values: [id, CUSTOMER_ID, reader.user_id] });
      return { result: 1, data: rows[0] };
    });
  }
} else {
  console.error(
    `unknown ceiling ${mode}: hello | bytes FILE | pg-catalogue | pg-order | pg-order-one | pg-order-list FILE | pg-order-query FILE`,
  );
  process.exit(2);
}

await app.listen({ port: Number(process.env.PORT), host: "127.0.0.1" });
console.log("ready");
