import type { Plugin } from "vite";

/** A component's class-name module in Mantine's ESM build; its stylesheet is styles/<Name>.css. */
const CLASS_MODULE = /\/@mantine\/core\/esm\/.+\/([A-Za-z]+)\.module\.mjs$/;

/**
 * Mantine's stylesheet per component, in the chunk of the code that uses the component
 * (decision 016). Every component of @mantine/core reads its class names from `<Name>.module.mjs`;
 * the build adds `import "@mantine/core/styles/<Name>.layer.css"` to that module, so a component's CSS
 * (and that of the components it is built on, in dependency order) travels with the JavaScript
 * that renders it, and a page's CSS is what its components need. The `.layer.css` variants put
 * Mantine's rules in `@layer mantine`: chunks' stylesheets may arrive in any order and the app's
 * own CSS modules still win over them.
 *
 * The dev server serves @mantine/core pre-bundled, where this transform cannot reach; main.tsx
 * loads the whole `styles.layer.css` there instead (the same rules).
 */
export function mantineCssPerComponent(): Plugin {
  return {
    name: "vetportal-mantine-css",
    apply: "build",
    transform(code, id) {
      const name = CLASS_MODULE.exec(id)?.[1];
      if (!name) return null;
      return { code: `import "@mantine/core/styles/${name}.layer.css";\n${code}`, map: null };
    },
  };
}
