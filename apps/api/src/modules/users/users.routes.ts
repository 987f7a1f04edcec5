import {
  AddressQueryRequestSchema,
  AddressRequestSchema,
  AddressSchema,
  AddUserRequestSchema,
  ChangePasswordRequestSchema,
  IdResultSchema,
  okSchema,
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
import { postData } from "../../http/post-data.ts";
import type { PracticesService } from "../practices/practices.service.ts";
import type { UsersService } from "./users.service.ts";

const admin = { access: "admin" as const };

export const usersRoutes: FastifyPluginAsyncZod<{ users: UsersService; practices: PracticesService }> = async (
  app,
  { users, practices },
) => {
  app.post(
    "/user/list",
    {
      config: admin,
      schema: {
        tags: ["users"],
        summary: "Users of the customer with filters and real paging (admin)",
        body: UserListRequestSchema,
        response: { 200: okSchema(z.array(UserRowSchema)) },
      },
    },
    async (request) => {
      const { rows, total } = await users.listUsers(request.body);
      return { result: 1 as const, data: rows, found_rows: total };
    },
  );

  postData(
    app,
    "/user/query",
    {
      tags: ["users"],
      summary: "A user with the first address (admin: anyone; others: themselves)",
      body: UserQueryRequestSchema,
      data: UserDetailSchema,
    },
    (request) => users.getUser(request.user, request.body.id),
  );

  app.post(
    "/user/add",
    {
      config: admin,
      schema: {
        tags: ["users"],
        summary: "Add a practice (admin)",
        body: AddUserRequestSchema,
        response: { 200: okSchema(IdResultSchema) },
      },
    },
    async (request) => {
      const { user_level_id, is_approver, department_id, ...practice } = request.body;
      await users.assertDepartment(department_id);
      return {
        result: 1 as const,
        data: await practices.addPractice(practice, { user_level_id, is_approver, department_id }),
      };
    },
  );

  app.post(
    "/user/updatepractice",
    {
      config: admin,
      schema: {
        tags: ["users"],
        summary: "Modify a practice and its address (admin)",
        body: UpdatePracticeRequestSchema,
        response: { 200: okSchema(IdResultSchema) },
      },
    },
    async (request) => {
      const { id, user_level_id, is_approver, department_id, ...practice } = request.body;
      await users.assertDepartment(department_id);
      return {
        result: 1 as const,
        data: await practices.updatePractice(id, practice, { user_level_id, is_approver, department_id }),
      };
    },
  );

  postData(
    app,
    "/user/update",
    {
      tags: ["users"],
      summary: "Personal info (own); status, level, approver, department (admin)",
      body: UserUpdateRequestSchema,
      data: UserDetailSchema,
    },
    (request) => users.updateUser(request.user, request.body),
  );

  app.post(
    "/user/delete",
    {
      config: admin,
      schema: {
        tags: ["users"],
        summary: "Soft-delete a user (admin; permanent deletes are not offered)",
        body: UserDeleteRequestSchema,
        response: { 200: okSchema(z.null()) },
      },
    },
    async (request) => {
      await users.deleteUser(request.user, request.body.id);
      return { result: 1 as const, data: null };
    },
  );

  app.post(
    "/user/vetNameList",
    {
      config: admin,
      schema: {
        tags: ["users"],
        summary: "Practice names for the user-list filter (admin)",
        response: {
          200: okSchema(
            z.array(
              z.object({
                id: z.number().int(),
                representation: z.string().nullable(),
                department_id: z.number().int().nullable(),
                department_name: z.string().nullable(),
              }),
            ),
          ),
        },
      },
    },
    async () => ({ result: 1 as const, data: await users.listPracticeNames() }),
  );

  app.post(
    "/user/changePassword",
    {
      schema: {
        tags: ["users"],
        summary:
          "Change the signed-in user's password (password sign-in and the current password needed); other sessions are signed out",
        body: ChangePasswordRequestSchema,
        response: { 200: okSchema(z.null()) },
      },
    },
    async (request) => {
      await users.changePassword(request.user, request.body, request.ip);
      return { result: 1 as const, data: null };
    },
  );

  app.post(
    "/user/sendPasswordLink",
    {
      config: admin,
      schema: {
        tags: ["users"],
        summary: "Email a user a one-time, expiring set-password link (admin)",
        body: SendPasswordLinkRequestSchema,
        response: { 200: okSchema(z.null()) },
      },
    },
    async (request) => {
      await users.sendPasswordLink(request.body.id);
      return { result: 1 as const, data: null };
    },
  );

  postData(
    app,
    "/address/query",
    {
      tags: ["users"],
      summary: "Addresses of the signed-in user (admin: of any user or department)",
      body: AddressQueryRequestSchema,
      data: z.array(AddressSchema),
    },
    (request) => users.listAddresses(request.user, request.body.belong_to, request.body.owner_id),
  );

  postData(
    app,
    "/address/add",
    {
      tags: ["users"],
      summary: "Add an address to oneself (admin: to any user or department)",
      body: AddressRequestSchema,
      data: AddressSchema,
    },
    (request) => users.addAddress(request.user, request.body),
  );
};
