import { Button, Group, Stack, Text, Title } from "@mantine/core";
import { formatPhone, MESSAGES, type UserDetail } from "@vetportal/contract";
import { useLocation, useNavigate, useParams } from "react-router";
import { PageCrumbs } from "../../../components/page-crumbs.tsx";
import { isNotFound, LoadError, PageLoading, RecordNotFound } from "../../../components/page-state.tsx";
import { RecordHistory } from "../../../components/record-history.tsx";
import { useUser } from "../../../lib/get-user.ts";
import { notifySuccess } from "../../../lib/notify.ts";
import { positiveId } from "../../../lib/route-params.ts";
import { useSendPasswordLink } from "../api/send-password-link.ts";
import { useUpdatePractice } from "../api/update-practice.ts";
import { PracticeForm, type PracticeValues } from "../components/practice-form.tsx";

function toValues(user: UserDetail): PracticeValues {
  return {
    practice_name: user.representation ?? "",
    email: user.email ?? "",
    phone: formatPhone(user.phone ?? ""),
    contact: user.contact ?? "",
    line1: user.line1 ?? "",
    city: user.city ?? "",
    state: user.state ?? "",
    zip_code: user.zip_code ?? "",
    user_level_id: String(user.user_level_id),
    is_approver: user.is_approver,
    requires_approval: user.requires_approval,
    department_id: user.department_id ? String(user.department_id) : "",
  };
}

/** The list the user came from, filters and page included (Modify links pass it along). */
function listLocation(state: unknown): string {
  const back = (state as { back?: unknown } | null)?.back;
  return typeof back === "string" && back.startsWith("/userreport") ? back : "/userreport";
}

function Crumbs({ name, backTo }: { name: string; backTo: string }) {
  return <PageCrumbs trail={[{ to: backTo, label: "Users" }]} current={name} />;
}

/** /Users/ModifyUser/{id} (SPEC §2): the practice form filled from the user; success goes back to the list. */
export function ModifyUserRoute() {
  const params = useParams();
  const id = positiveId(params.id);
  const navigate = useNavigate();
  const user = useUser(id);
  const updatePractice = useUpdatePractice();
  const sendPasswordLink = useSendPasswordLink();
  const backTo = listLocation(useLocation().state);

  if (id === undefined || isNotFound(user.error)) {
    return (
      <RecordNotFound
        title="User not found"
        message="This user does not exist or has been deleted."
        backTo="/userreport"
        backLabel="Back to Users"
      />
    );
  }

  if (user.isPending) {
    return <PageLoading label="Loading user…" blocks={[{ h: 16, w: 200 }, { h: 36, w: 320 }, { h: 360 }]} maw={880} />;
  }

  if (user.isError) {
    return (
      <Stack gap="lg">
        <Title order={1}>Modify User</Title>
        <LoadError title="The user could not be loaded" query={user} />
      </Stack>
    );
  }

  const name = user.data.representation || [user.data.first_name, user.data.last_name].filter(Boolean).join(" ");
  return (
    <Stack gap="lg" maw={880}>
      <title>{`Modify ${name} · Vet Portal`}</title>
      <Crumbs name={name} backTo={backTo} />
      <Group justify="space-between" align="flex-end" gap="sm">
        <Stack gap={4}>
          <Title order={1}>Modify User</Title>
          <Text c="dimmed">
            {name} · user {user.data.id}
          </Text>
        </Stack>
        {/* Staff choose their password through an emailed one-time link (decision 012). */}
        <Button
          variant="light"
          loading={sendPasswordLink.isPending}
          disabled={!user.data.email || !user.data.is_active}
          onClick={() =>
            sendPasswordLink.mutate(user.data.id, { onSuccess: () => notifySuccess(MESSAGES.passwordLinkSent) })
          }
        >
          Send set-password link
        </Button>
      </Group>
      <PracticeForm
        key={user.data.id}
        initialValues={toValues(user.data)}
        submitLabel="Save"
        cancelTo={backTo}
        isSaving={updatePractice.isPending}
        onSave={(request) =>
          updatePractice.mutateAsync({ ...request, id: user.data.id }).then(() => {
            notifySuccess(MESSAGES.userUpdated);
            navigate(backTo);
          })
        }
      />
      <RecordHistory kind="user" recordId={user.data.id} />
    </Stack>
  );
}
