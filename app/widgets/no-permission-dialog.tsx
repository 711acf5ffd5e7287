import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "~/ui/field";
import { Dialog } from "~/ui/dialog";

export interface NoPermissionDialogProps {
  visible: boolean;
  onVisibleChange: (visible: boolean) => void;
  message: ReactNode;
}

/** No-permission dialog (spec §2): title 提示, the message, 确定; a backdrop click does not close it. */
export function NoPermissionDialog({ visible, onVisibleChange, message }: NoPermissionDialogProps) {
  const { t } = useTranslation("widgets");
  return (
    <Dialog
      open={visible}
      onOpenChange={onVisibleChange}
      title={t("noPermission.title")}
      width="4.2rem"
      footer={
        <Button type="button" onClick={() => onVisibleChange(false)}>
          {t("ok")}
        </Button>
      }
    >
      <p className="text-base text-ink">
        {message}
      </p>
    </Dialog>
  );
}
