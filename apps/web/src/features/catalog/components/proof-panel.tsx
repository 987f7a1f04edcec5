import { Alert, Anchor, Button, Checkbox, Group, Image, Paper, Skeleton, Stack, Text, Title } from "@mantine/core";
import { IconFileTypePdf } from "@tabler/icons-react";
import { formatUsDate, PRINT_MESSAGES, portalDay } from "@vetportal/contract";
import { Link } from "react-router";
import { errorMessage } from "../../../lib/api-client.ts";
import { openProofPdf, useApproveProof, useProof } from "../api/proof.ts";

/** The preview's box: a poster or a postcard fits it, and the panel keeps one height while it loads. */
const PREVIEW_HEIGHT = 320;

const APPROVAL_LABEL = "I approve this proof";
const APPROVAL_DESCRIPTION =
  "Check the name, phone, address and QR code. Your approval is kept while your brand and this template stay the same.";

/** Under the approval: what is still needed, or when it was given (one line either way, so nothing moves). */
function approvalStatus({ approved, approved_at }: { approved: boolean; approved_at: string | null }): string {
  if (!approved) return PRINT_MESSAGES.proofNeeded;
  return approved_at
    ? `You approved this proof on ${formatUsDate(portalDay(new Date(approved_at)))}.`
    : "You approved this proof.";
}

/**
 * The panel's shape while the proof is made: the same title, box and controls as the loaded panel,
 * drawn as placeholders (hidden from assistive technology), so the page below does not move when
 * the proof arrives (decision 034's rule: a loading page reserves its content's size).
 */
function ProofPanelLoading() {
  return (
    <Paper withBorder p="md" radius="md" aria-busy="true">
      <Stack gap="sm">
        <Title order={2} size="h4">
          Your personalised version
        </Title>
        <Skeleton h={PREVIEW_HEIGHT} radius="sm" aria-label="Loading your proof" />
        <Skeleton visible w="fit-content" aria-hidden>
          <Button variant="light" disabled>
            View proof
          </Button>
        </Skeleton>
        <Skeleton visible aria-hidden>
          <Checkbox label={APPROVAL_LABEL} description={APPROVAL_DESCRIPTION} disabled />
        </Skeleton>
        <Skeleton visible aria-hidden>
          <Text size="sm">{PRINT_MESSAGES.proofNeeded}</Text>
        </Skeleton>
      </Stack>
    </Paper>
  );
}

/**
 * A personalised product's proof (issue 24 §3): the practice's version as an image, the
 * watermarked PDF behind "View proof", and "I approve this proof", which Add To Cart waits for.
 * An approval releases the practice's order lines staff sent back for this product (decision 046);
 * opened from such a line, an approved proof offers "I approve this proof again".
 */
export function ProofPanel({
  productId,
  productName,
  again = false,
}: {
  productId: number;
  productName: string;
  /** Opened from an order line staff sent back: an approved proof may be approved again. */
  again?: boolean;
}) {
  const proof = useProof(productId, true);
  const approve = useApproveProof(productId);

  if (proof.isPending) return <ProofPanelLoading />;
  if (proof.isError) {
    const message = errorMessage(proof.error);
    return (
      <Alert color="yellow" title="Your proof could not be made">
        <Stack gap={4}>
          <Text size="sm">{message}</Text>
          {message === PRINT_MESSAGES.noBrand && (
            <Anchor component={Link} to="/account/brand" size="sm">
              Set up your brand
            </Anchor>
          )}
        </Stack>
      </Alert>
    );
  }
  const data = proof.data;
  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap="sm">
        <Title order={2} size="h4">
          Your personalised version
        </Title>
        <Image
          src={data.preview}
          alt={`Preview of ${productName} with your practice's brand`}
          h={PREVIEW_HEIGHT}
          fit="contain"
          radius="sm"
        />
        <Group gap="sm" wrap="wrap">
          <Button
            variant="light"
            leftSection={<IconFileTypePdf size={18} aria-hidden />}
            onClick={() => void openProofPdf(data.id)}
          >
            View proof
          </Button>
          <Anchor component={Link} to="/account/brand" size="sm">
            Change your brand
          </Anchor>
        </Group>
        <Checkbox
          label={APPROVAL_LABEL}
          description={APPROVAL_DESCRIPTION}
          checked={data.approved}
          disabled={data.approved || approve.isPending}
          onChange={(event) => {
            if (event.currentTarget.checked) approve.mutate(data.id);
          }}
        />
        <Text size="sm" c="dimmed">
          {approvalStatus(data)}
        </Text>
        {again && data.approved && !approve.data && (
          <Group>
            <Button variant="default" loading={approve.isPending} onClick={() => approve.mutate(data.id)}>
              I approve this proof again
            </Button>
          </Group>
        )}
        {approve.data && approve.data.released_lines > 0 && (
          <Text size="sm" role="status">
            {approve.data.released_lines === 1
              ? "Thank you: your order line waiting for this proof is back in production."
              : `Thank you: your ${approve.data.released_lines} order lines waiting for this proof are back in production.`}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
