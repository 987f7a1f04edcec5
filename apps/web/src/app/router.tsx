import { MESSAGES } from "@vetportal/contract";
import { createBrowserRouter, type DOMRouterOpts, Outlet, type RouteObject } from "react-router";
import { ADMIN_ROUTE_PATHS, isAdminPath } from "./admin-sections.ts";
import { RouteErrorBoundary } from "./route-error-boundary.tsx";
import { RequireAdmin, RequireAuth } from "./route-guards.tsx";
import { forgetScrollOfNewDocument, PageScrollRestoration } from "./scroll-restoration.tsx";

/**
 * A page chunk gets 120 s before it counts as failed (SPEC §9). The legacy's 500 ms delay of the
 * login screen is not kept: the form shows as soon as its chunk is there (docs/product-decisions.md).
 */
const CHUNK_TIMEOUT_MS = 120_000;

/** A page chunk, or the 'Loading chunk failed' error the route error boundary offers a reload for. */
function loadChunk<T>(load: () => Promise<T>): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(MESSAGES.chunkLoadFailed)), CHUNK_TIMEOUT_MS);
    load()
      .then(resolve, reject)
      .finally(() => clearTimeout(timer));
  });
}

/**
 * A page route's lazy part, loaded under the chunk timeout: the component its chunk exports and,
 * when named, its loader, which puts the page's first data in the cache before the first paint of a
 * fresh signed-in visit (lib/first-data-loader.ts) and does nothing afterwards.
 */
function page<M>(load: () => Promise<M>, component: keyof M, loader?: keyof M) {
  return async () => {
    const module = await loadChunk(load);
    return { Component: module[component], ...(loader && { loader: module[loader] }) } as Pick<
      RouteObject,
      "Component" | "loader"
    >;
  };
}

const publicLayout = async () => ({
  Component: (await loadChunk(() => import("./layouts/public-layout.tsx"))).PublicLayout,
});

const notFound = async () => ({ Component: (await loadChunk(() => import("./routes/not-found.tsx"))).NotFoundRoute });

/** The signed-in pages of SPEC §2's route table, each its own chunk. */
const pages: RouteObject[] = [
  // Approvers, not only administrators, decide here; the server checks who (decision 040).
  {
    path: "approvals",
    lazy: page(
      () => import("../features/approvals/routes/approvals-queue.tsx"),
      "ApprovalsQueueRoute",
      "approvalsQueueLoader",
    ),
  },
  {
    path: "approvals/:orderId",
    lazy: page(
      () => import("../features/approvals/routes/approval-decision.tsx"),
      "ApprovalDecisionRoute",
      "approvalDecisionLoader",
    ),
  },
  {
    path: "category/:categoryIdOrSearchText",
    lazy: page(() => import("../features/catalog/routes/category.tsx"), "CategoryRoute", "categoryLoader"),
  },
  {
    // Case-sensitive: /Product/* is the administrators' product area (admin-sections.ts).
    path: "product/:productId",
    caseSensitive: true,
    lazy: page(() => import("../features/catalog/routes/product.tsx"), "ProductRoute", "productLoader"),
  },
  {
    path: "cart/preview",
    lazy: page(() => import("../features/cart/routes/cart-preview.tsx"), "CartPreviewRoute", "cartPreviewLoader"),
  },
  {
    path: "quick-order",
    lazy: page(() => import("../features/cart/routes/quick-order.tsx"), "QuickOrderRoute"),
  },
  {
    path: "cart/shipping",
    lazy: page(() => import("../features/cart/routes/shipping.tsx"), "ShippingRoute", "shippingLoader"),
  },
  {
    path: "order/:orderId/:orderType?",
    lazy: page(() => import("../features/orders/routes/order-detail.tsx"), "OrderDetailRoute", "orderDetailLoader"),
  },
  {
    path: "orders",
    lazy: page(() => import("../features/orders/routes/orders.tsx"), "OrdersRoute", "ordersLoader"),
  },
  {
    path: "allowance",
    lazy: page(() => import("../features/allowances/routes/allowance.tsx"), "AllowanceRoute"),
  },
];

/** Account pages (SPEC §2): for every signed-in user, not only administrators. */
const accountPages: RouteObject[] = [
  {
    path: "Users/Account",
    caseSensitive: true,
    lazy: page(() => import("../features/account/routes/account.tsx"), "AccountRoute"),
  },
  {
    path: "Account/UserPersonalInfo",
    caseSensitive: true,
    lazy: page(() => import("../features/account/routes/account-pages.tsx"), "UserPersonalInfoRoute"),
  },
  {
    path: "Account/UserChangePswd",
    caseSensitive: true,
    lazy: page(() => import("../features/account/routes/account-pages.tsx"), "UserChangePasswordRoute"),
  },
  {
    path: "account/brand",
    lazy: page(() => import("../features/account/routes/brand.tsx"), "BrandRoute", "brandLoader"),
  },
  {
    path: "Account/UserAddress",
    caseSensitive: true,
    lazy: page(() => import("../features/account/routes/account-pages.tsx"), "UserAddressRoute"),
  },
];

/** Route id of the administrators' area, whose children are added on a first visit (adminArea). */
const ADMIN_AREA = "admin-area";

/** The administrator's back office (SPEC §2), behind RequireAdmin. Case-sensitive, see admin-sections.ts. */
const adminPages: RouteObject[] = [
  {
    path: "userreport",
    lazy: page(() => import("../features/users/routes/user-report.tsx"), "UserReportRoute"),
  },
  {
    path: "Users/AddUser",
    lazy: page(() => import("../features/users/routes/add-user.tsx"), "AddUserRoute"),
  },
  {
    path: "Users/ModifyUser/:id",
    lazy: page(() => import("../features/users/routes/modify-user.tsx"), "ModifyUserRoute"),
  },
  {
    path: "Departments/DepartmentReport",
    lazy: page(() => import("../features/departments/routes/department-report.tsx"), "DepartmentReportRoute"),
  },
  {
    path: "Departments/DepartmentDetails/:id?",
    lazy: page(() => import("../features/departments/routes/department-details.tsx"), "DepartmentDetailsRoute"),
  },
  {
    path: "Departments/DepartmentTabs/:id/:name?",
    lazy: page(() => import("../features/departments/routes/department-tabs.tsx"), "DepartmentTabsRoute"),
  },
  {
    path: "Departments/DepartmentAddress",
    lazy: page(() => import("../features/departments/routes/department-address.tsx"), "DepartmentAddressRoute"),
  },
  {
    path: "CostCenter/CostCenterReport",
    lazy: page(() => import("../features/cost-centers/routes/cost-center-report.tsx"), "CostCenterReportRoute"),
  },
  {
    path: "CostCenter/CostCenterDetail/:id?",
    lazy: page(() => import("../features/cost-centers/routes/cost-center-detail.tsx"), "CostCenterDetailRoute"),
  },
  {
    path: "Product/ProductReport",
    lazy: page(() => import("../features/products-admin/routes/product-report.tsx"), "ProductReportRoute"),
  },
  {
    path: "Product/ProductDetail/:id",
    lazy: page(() => import("../features/products-admin/routes/product-detail.tsx"), "ProductDetailRoute"),
  },
  {
    path: "Product/Template/:productId",
    lazy: page(
      () => import("../features/products-admin/routes/product-template.tsx"),
      "ProductTemplateRoute",
      "productTemplateLoader",
    ),
  },
  {
    path: "reports/orderreport",
    lazy: page(() => import("./routes/order-report.tsx"), "OrderReportRoute", "orderReportLoader"),
  },
  {
    path: "admin/orders",
    lazy: page(() => import("../features/order-desk/routes/desk-orders.tsx"), "DeskOrdersRoute"),
  },
  {
    path: "admin/order-for",
    lazy: page(() => import("../features/order-for/routes/order-for.tsx"), "OrderForRoute"),
  },
  {
    path: "admin/approval-rules",
    lazy: page(
      () => import("../features/approvals/routes/approval-rules.tsx"),
      "ApprovalRulesRoute",
      "approvalRulesLoader",
    ),
  },
  {
    path: "admin/mail",
    lazy: page(() => import("../features/mail/routes/mail-outbox.tsx"), "MailOutboxRoute"),
  },
  {
    path: "admin/orders/import",
    lazy: page(() => import("../features/order-desk/routes/desk-import.tsx"), "DeskImportRoute"),
  },
  {
    path: "admin/orders/:id",
    lazy: page(() => import("../features/order-desk/routes/desk-order.tsx"), "DeskOrderRoute"),
  },
  {
    path: "admin/audit",
    lazy: page(() => import("../features/audit/routes/audit-log.tsx"), "AuditLogRoute", "auditLogLoader"),
  },
  {
    path: "admin/settings",
    lazy: page(() => import("../features/settings/routes/portal-settings.tsx"), "PortalSettingsRoute"),
  },
  {
    path: "admin/allowances",
    lazy: page(
      () => import("../features/allowances/routes/admin-programmes.tsx"),
      "AdminProgrammesRoute",
      "adminProgrammesLoader",
    ),
  },
  {
    path: "admin/allowances/:id",
    lazy: page(() => import("../features/allowances/routes/admin-grid.tsx"), "AdminGridRoute", "adminGridLoader"),
  },
  {
    path: "admin/product",
    lazy: page(() => import("../features/products-admin/routes/product-new.tsx"), "ProductNewRoute"),
  },
].map((route) => ({ ...route, caseSensitive: true }));

function RootLayout() {
  return (
    <>
      <PageScrollRestoration />
      <Outlet />
    </>
  );
}

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteErrorBoundary standalone />,
    children: [
      {
        // Signed-out pages offer Customer Service too (issue 11).
        lazy: publicLayout,
        children: [
          {
            path: "login",
            lazy: page(() => import("../features/auth/routes/login.tsx"), "LoginRoute"),
          },
        ],
      },
      {
        // Every page but /login uses React Query; the sign-in page's first load does without it.
        lazy: page(() => import("./layouts/query-layout.tsx"), "QueryLayout"),
        children: [
          {
            lazy: publicLayout,
            children: [
              {
                path: "UserRegistration",
                lazy: page(() => import("../features/auth/routes/user-registration.tsx"), "UserRegistrationRoute"),
              },
            ],
          },
          {
            // The one-time link a staff member gets by email (decision 012): public, no session needed.
            path: "set-password",
            lazy: page(() => import("../features/auth/routes/set-password.tsx"), "SetPasswordRoute"),
          },
          {
            element: <RequireAuth />,
            children: [
              {
                lazy: page(() => import("./layouts/app-layout.tsx"), "AppLayout", "appLayoutLoader"),
                children: [
                  {
                    // Inside the layout, so a page that fails keeps the header and footer.
                    errorElement: <RouteErrorBoundary />,
                    children: [
                      {
                        index: true,
                        lazy: page(() => import("../features/catalog/routes/home.tsx"), "HomeRoute", "homeLoader"),
                      },
                      ...pages,
                      ...accountPages,
                      {
                        // Administrator areas: their pages, and not-found for anything else under them;
                        // anyone else sees Access Denied. Case-sensitive, see admin-sections.ts. The
                        // children are added at the first visit of an administrator's path (adminArea).
                        id: ADMIN_AREA,
                        element: <RequireAdmin />,
                        children: [],
                      },
                      { path: "*", lazy: notFound },
                    ],
                  },
                ],
              },
            ],
          },
        ],
      },
    ],
  },
];

/**
 * The administrators' routes join the route table at the first visit of a path of theirs, the first
 * page included (decision 034, lever 54). The router flattens the table when it starts and compiles a
 * regular expression for every level of every branch; these are 34 of its 55 branches. A practice,
 * most of the portal's users, never opens these pages and starts with its own 21. Until they
 * join, an administrator's path matches the signed-in layout's not-found route, which makes React
 * Router ask `patchRoutesOnNavigation` for more before it loads anything.
 */
export const adminArea = {
  id: ADMIN_AREA,
  routes: [
    ...adminPages,
    ...ADMIN_ROUTE_PATHS.map((path) => ({ path, caseSensitive: true, lazy: notFound })),
  ] satisfies RouteObject[],
};

/** The router's options: the administrators' routes added on their first visit (adminArea). */
export function routerOptions(): Pick<DOMRouterOpts, "patchRoutesOnNavigation"> {
  let added = false;
  return {
    patchRoutesOnNavigation: ({ path, patch }) => {
      if (added || !isAdminPath(path.split("?")[0] ?? "")) return;
      added = true;
      patch(adminArea.id, adminArea.routes);
    },
  };
}

export function createAppRouter() {
  forgetScrollOfNewDocument();
  return createBrowserRouter(routes, routerOptions());
}
