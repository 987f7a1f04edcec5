import { prepareApi } from "./src/api-under-test.ts";
const api = prepareApi({ worktree: false, commit: "6ffff87", web: true });
console.log(JSON.stringify(api));
