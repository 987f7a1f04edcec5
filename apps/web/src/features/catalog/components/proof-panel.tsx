import { Alert, Anchor, Button, Checkbox, Group, Image, Paper, Skeleton, Stack, Text, Title } from "@mantine/core";
import { IconFileTypePdf } from "@tabler/icons-react";
import { PRINT_MESSAGES } from "@vetportal/contract";
import { Link } from "react-router";
import { errorMessage } from "../../../lib/api-client.ts";
import { openProofPdf, useApproveProof, useProof } from "../api/proof.ts";

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

  if (proof.isPending) return <Skeleton h={240} aria-label="Loading your proof" />;
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
        <Image src={data.preview} alt={`Preview of ${productName} with your practice's brand`} radius="sm" />
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
          label="I approve this proof"
          description="Check the name, phone, address and QR code. Your approval is kept while your brand and this template stay the same."
          checked={data.approved}
          disabled={data.approved || approve.isPending}
          onChange={(event) => {
            if (event.currentTarget.checked) approve.mutate(data.id);
          }}
        />
        {!data.approved && (
          <Text size="sm" c="dimmed">
            {PRINT_MESSAGES.proofNeeded}
          </Text>
        )}
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
