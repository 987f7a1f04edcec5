import {
  AddUserRequestSchema,
  ChangePasswordRequestSchema,
  IdResultSchema,
  SendPasswordLinkRequestSchema,
  UpdatePracticeRequestSchema,
  UserDeleteRequestSchema,
  UserDetailSchema,
  UserListRequestSchema,
  UserQueryRequestSchema,
  UserRowSchema,
  UserUpdateRequestSchema,
} from "@vetportal/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { type App, page, postData } from "../../http/post-data.ts";
import type { AuthService } from "../auth/auth.service.ts";
import type { PracticesService } from "../practices/practices.service.ts";
import type { UsersService } from "./users.service.ts";

const tags = ["users"];
const admin = { access: "admin" as const, tags };

interface UsersRouteServices {
  users: UsersService;
  practices: PracticesService;
  auth: AuthService;
}

/** A user's own account (an administrator: anyone's): details, personal info, password. */
function accountRoutes(app: App, { users, auth }: UsersRouteServices) {
  postData(
    app,
    "/user/query",
    {
      tags,
      summary: "A user with the first address (admin: anyone; others: themselves)",
      body: UserQueryRequestSchema,
      data: UserDetailSchema,
    },
    (request) => users.getUser(request.user, request.body.id),
  );

  postData(
    app,
    "/user/update",
    {
      tags,
      summary: "Personal info (own); status, level, approver, department (admin)",
      body: UserUpdateRequestSchema,
      data: UserDetailSchema,
    },
    (request) => users.updateUser(request.user, request.body),
  );

  postData(
    app,
    "/user/changePassword",
    {
      tags,
      summary:
        "Change the signed-in user's password (password sign-in and the current password needed); other sessions are signed out",
      body: ChangePasswordRequestSchema,
      data: z.null(),
    },
    async (request) => {
      await auth.changePassword(request.user, request.body, request.ip);
      return null;
    },
  );
}

/** The administrator's user list and edits (a practice's row through the practices module). */
function adminRoutes(app: App, { users, practices }: UsersRouteServices) {
  postData(
    app,
    "/user/list",
    {
      ...admin,
      summary: "Users of the customer with filters and real paging (admin)",
      body: UserListRequestSchema,
      data: z.array(UserRowSchema),
    },
    async (request) => {
      const { rows, total } = await users.listUsers(request.body);
      return page(rows, total);
    },
  );

  postData(
    app,
    "/user/add",
    { ...admin, summary: "Add a practice (admin)", body: AddUserRequestSchema, data: IdResultSchema },
    async (request) => {
      const { user_level_id, is_approver, requires_approval, department_id, ...practice } = request.body;
      await users.assertDepartment(department_id);
      return practices.addPractice(request.user, practice, {
        user_level_id,
        is_approver,
        requires_approval,
        department_id,
      });
    },
  );

  postData(
    app,
    "/user/updatepractice",
    {
      ...admin,
      summary: "Modify a practice and its address (admin)",
      body: UpdatePracticeRequestSchema,
      data: IdResultSchema,
    },
    async (request) => {
      const { id, user_level_id, is_approver, requires_approval, department_id, ...practice } = request.body;
      await users.assertDepartment(department_id);
      return practices.updatePractice(request.user, id, practice, {
        user_level_id,
        is_approver,
        requires_approval,
        department_id,
      });
    },
  );

  postData(
    app,
    "/user/delete",
    {
      ...admin,
      summary: "Soft-delete a user (admin; permanent deletes are not offered)",
      body: UserDeleteRequestSchema,
      data: z.null(),
    },
    async (request) => {
      await users.deleteUser(request.user, request.body.id);
      return null;
    },
  );

  postData(
    app,
    "/user/vetNameList",
    {
      ...admin,
      summary: "Practice names for the user-list filter (admin)",
      data: z.array(
        z.object({
          id: z.number().int(),
          representation: z.string().nullable(),
          department_id: z.number().int().nullable(),
          department_name: z.string().nullable(),
        }),
      ),
    },
    () => users.listPracticeNames(),
  );

  postData(
    app,
    "/user/sendPasswordLink",
    {
      ...admin,
      summary: "Email a user a one-time, expiring set-password link (admin)",
      body: SendPasswordLinkRequestSchema,
      data: z.null(),
    },
    async (request) => {
      await users.sendPasswordLink(request.user, request.body.id);
      return null;
    },
  );
}

export const usersRoutes: FastifyPluginAsyncZod<UsersRouteServices> = async (app, services) => {
  adminRoutes(app, services);
  accountRoutes(app, services);
};
