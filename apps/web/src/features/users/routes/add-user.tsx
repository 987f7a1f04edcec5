import { Stack, Title } from "@mantine/core";
import { MESSAGES } from "@vetportal/contract";
import { useNavigate } from "react-router";
import { PageCrumbs } from "../../../components/page-crumbs.tsx";
import { notifySuccess } from "../../../lib/notify.ts";
import { useCreateUser } from "../api/create-user.ts";
import { EMPTY_PRACTICE, PracticeForm } from "../components/practice-form.tsx";

/** /Users/AddUser (SPEC §2): a new practice; success goes back to the user list, newest first. */
export function AddUserRoute() {
  const navigate = useNavigate();
  const createUser = useCreateUser();

  return (
    <Stack gap="lg" maw={880}>
      <title>Add User · Vet Portal</title>
      <PageCrumbs trail={[{ to: "/userreport", label: "Users" }]} current={"Add User"} />
      <Title order={1}>Add User</Title>
      <PracticeForm
        initialValues={EMPTY_PRACTICE}
        submitLabel="Add User"
        isSaving={createUser.isPending}
        onSave={(request) =>
          createUser.mutateAsync(request).then(() => {
            notifySuccess(MESSAGES.userAdded);
            navigate("/userreport");
          })
        }
      />
    </Stack>
  );
}
