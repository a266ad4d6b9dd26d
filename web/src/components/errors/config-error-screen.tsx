/**
 * Shown instead of the app when its Supabase settings are missing or malformed: a build or start-up
 * mistake the operator must fix, so it names each variable and where it comes from.
 */

export interface ConfigErrorScreenProps {
  problems: string[];
}

export function ConfigErrorScreen({ problems }: ConfigErrorScreenProps) {
  return (
    <main className="flex min-h-screen items-center justify-center bg-base-200 p-6">
      <div role="alert" className="card w-full max-w-2xl bg-base-100 shadow-md">
        <div className="card-body gap-4">
          <h1 className="card-title text-error">The web app is not configured</h1>
          <p>It cannot reach the pharmacy server because its connection settings are missing:</p>
          <ul className="list-disc space-y-1 pl-6 font-mono text-sm">
            {problems.map((problem) => (
              <li key={problem}>{problem}</li>
            ))}
          </ul>
          <p className="text-sm text-base-content/70">
            Locally, start the app with <code className="font-mono">npm start</code>, which passes both values to Vite.
            For a hosted build, set them in <code className="font-mono">web/.env.production</code> or the CI environment
            before <code className="font-mono">npm run build -w web</code>.
          </p>
        </div>
      </div>
    </main>
  );
}
