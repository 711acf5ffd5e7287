import { useTranslation } from "react-i18next";
import { Empty } from "~/ui/empty";
import { HeadRow, Row, Table, Td, Th } from "~/ui/table";
import { TERMINALS } from "./texts/terminals";

/** A machine's emergency unlocks in its record's detail: when, the device time, why, who. */
export function EmergencyHistory({ rows }: { rows: { id: number; at: string; deviceTime: string; reason: string; creatorName: string | null }[] }) {
  const { t } = useTranslation(TERMINALS);
  return (
    <section className="mt-4" aria-labelledby="emergency-history">
      <h3 id="emergency-history" className="mb-2 text-sm font-semibold text-ink">
        {t("emergencyHistory")}
      </h3>
      {rows.length === 0 ? (
        <Empty>{t("noEmergency")}</Empty>
      ) : (
        <Table bare testId="emergency-history">
          <thead>
            <HeadRow>
              <Th dense>{t("emergencyAt")}</Th>
              <Th dense>{t("field.deviceTime")}</Th>
              <Th dense>{t("field.emergencyReason")}</Th>
              <Th dense>{t("emergencyBy")}</Th>
            </HeadRow>
          </thead>
          <tbody>
            {rows.map((r) => (
              <Row key={r.id}>
                <Td dense>{r.at}</Td>
                <Td dense>{r.deviceTime}</Td>
                <Td dense>{r.reason}</Td>
                <Td dense>{r.creatorName ?? "—"}</Td>
              </Row>
            ))}
          </tbody>
        </Table>
      )}
    </section>
  );
}
