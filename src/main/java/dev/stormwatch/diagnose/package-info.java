/**
 * Storm diagnosis from real evidence: reads HAR files, nginx/Apache access logs in any log format and JSON
 * lines from gateways, one record at a time, and says who retried too early, how synchronised the retries were and how
 * much extra load they made. The rules it applies are DG1–DG11 of {@code docs/spec/retry-semantics.md}; Retry-After is
 * read with the client's own rules (RA1–RA7, {@link dev.stormwatch.retry.RetryAfter}).
 *
 * <p>The public door is {@link dev.stormwatch.diagnose.DiagnoseService} (reading with progress and cancel) and the
 * pure {@link dev.stormwatch.diagnose.StormAnalysis} over an {@link dev.stormwatch.diagnose.AttemptTable}; the result
 * is the immutable {@link dev.stormwatch.diagnose.Diagnosis}. The app and the CLI both call the service.
 *
 * <p>Must not depend on the UI (javafx), the OAuth client, the CLI or the app.
 */
package dev.stormwatch.diagnose;
