import { Form, type FormProps } from "react-router";
import { useAdminSession } from "./admin-session";

/** A console form: posts, and carries the session's CSRF token that every admin action checks. */
export function AdminForm({ children, ...props }: Omit<FormProps, "method">) {
  const { csrfToken } = useAdminSession();
  return (
    <Form method="post" {...props}>
      <input type="hidden" name="csrf" value={csrfToken} />
      {children}
    </Form>
  );
}
