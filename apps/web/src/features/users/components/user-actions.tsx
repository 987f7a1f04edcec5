import { Button, VisuallyHidden } from "@mantine/core";
import { useQueryClient } from "@tanstack/react-query";
import { MESSAGES, type UserRow } from "@vetportal/contract";
import { useLocation } from "react-router";
import { confirmAction } from "../../../components/confirm-action.tsx";
import { DeleteButton, ModifyButton, RowActions } from "../../../components/row-actions.tsx";
import { errorMessage } from "../../../lib/api-client.ts";
import { notifyError, notifySuccess } from "../../../lib/notify.ts";
import { useUpdateUser } from "../../../lib/update-user.ts";
import { useDeleteUser } from "../api/delete-user.ts";
import { USERS_QUERY_KEY } from "../api/list-users.ts";

export function fullName(user: UserRow): string {
  return [user.first_name, user.last_name].filter(Boolean).join(" ");
}

/** What a row is called in its buttons' accessible names. */
function rowName(user: UserRow): string {
  return user.representation || fullName(user) || user.email || `user ${user.id}`;
}

/** A user row's Modify, Inactivate (active users) and Delete, each confirmed first. */
export function UserActions({ user }: { user: UserRow }) {
  const { search } = useLocation();
  const queryClient = useQueryClient();
  const updateUser = useUpdateUser();
  const deleteUser = useDeleteUser();
  const name = rowName(user);

  function inactivate() {
    confirmAction({
      message: `Inactivate ${name}? The practice will no longer be able to sign in.`,
      confirm: "Inactivate user",
      keep: "Keep active",
      onConfirm: () =>
        updateUser.mutateAsync({ id: user.id, is_active: 0 }).then(
          () => {
            notifySuccess(MESSAGES.userInactivated);
            void queryClient.invalidateQueries({ queryKey: USERS_QUERY_KEY });
          },
          (error: unknown) => notifyError(errorMessage(error)),
        ),
    });
  }

  return (
    <RowActions>
      <ModifyButton to={`/Users/ModifyUser/${user.id}`} name={name} state={{ back: `/userreport${search}` }} />
      {user.is_active && (
        <Button size="compact-sm" variant="default" onClick={inactivate} loading={updateUser.isPending}>
          Inactivate<VisuallyHidden> {name}</VisuallyHidden>
        </Button>
      )}
      <DeleteButton
        name={name}
        message={`Delete ${name}?`}
        done={MESSAGES.userDeleted}
        isPending={deleteUser.isPending}
        onDelete={() => deleteUser.mutateAsync(user.id)}
      />
    </RowActions>
  );
}
