import { Logo } from "~/components/layout/logo";
import { Card, CardContent, CardDescription, CardHeader } from "~/components/ui/card";

/** The centred card of the console's sign-in pages (there is no session yet, so no shell). */
export function SignInCard({
  title,
  description,
  children,
}: {
  title: string;
  description?: string;
  children: React.ReactNode;
}) {
  return (
    <div className="flex min-h-dvh flex-col items-center justify-center gap-6 bg-background px-4 py-10">
      <Logo />
      <Card className="w-full max-w-md">
        <CardHeader>
          <h1 className="text-2xl leading-tight font-semibold">{title}</h1>
          {description && <CardDescription>{description}</CardDescription>}
        </CardHeader>
        <CardContent className="space-y-4">{children}</CardContent>
      </Card>
    </div>
  );
}
