/**
 * Top-level path segments of the administrator areas (SPEC §2 route table), case-sensitive as the
 * spec spells them: /Product/* is product admin, /product/{id} everyone's product page.
 */
const ADMIN_SECTIONS = ["userreport", "Users", "Departments", "CostCenter", "Product", "reports", "admin"];

/** Route patterns for the router: /userreport itself and everything under the other sections. */
export const ADMIN_ROUTE_PATHS = ADMIN_SECTIONS.map((section) => (section === "userreport" ? section : `${section}/*`));

export function isAdminPath(pathname: string): boolean {
  return ADMIN_SECTIONS.includes(pathname.split("/")[1] ?? "");
}
