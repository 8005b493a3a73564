package org.tsdbbench.orchestrator;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Locale;
import org.tsdbbench.results.DiskRecord;
import org.tsdbbench.results.LoadRecord;
import org.tsdbbench.results.Manifest;
import org.tsdbbench.results.QueryRecord;

/**
 * The one line the comparison prints when a step ends, for the person watching: from the
 * database's manifest when it passed (the load's rows/s, the disk's bytes, the answers checked),
 * from the step's own first error line when it failed. What decided is the step's exit code.
 */
final class StepSummary {

    private StepSummary() {
    }

    /** ": what the step found", or "" when the manifest says nothing of it. */
    static String of(String step, Manifest manifest) {
        if (manifest == null) return "";
        return switch (step) {
            case "load" -> {
                LoadRecord l = manifest.load();
                if (l == null) yield "";
                // A record sharing a key with an earlier one (TSBS's trucks without a name) is acknowledged, not stored.
                yield l.rowsSuperseded() == null || l.rowsStored() == null
                        ? String.format(Locale.ROOT, ": %,d rows acknowledged and stored, %,.0f rows/s", l.rowsAcknowledged(), l.rowsPerSecond())
                        : String.format(Locale.ROOT, ": %,d rows acknowledged, %,d stored (%,d in place of an earlier row of their key), %,.0f rows/s",
                                l.rowsAcknowledged(), l.rowsStored(), l.rowsSuperseded(), l.rowsPerSecond());
            }
            case "disk" -> {
                DiskRecord d = manifest.disk();
                if (d == null) yield "";
                String held = d.serverHeld() == null ? null : d.serverHeld().describe();
                yield (d.bytes() != null ? String.format(Locale.ROOT, ": %,d bytes (%.1f bytes per row)", d.bytes(), d.bytesPerRow()) : ": " + d.method())
                        + (held == null ? "" : "; the server also held " + held);
            }
            case "query" -> {
                QueryRecord q = manifest.query();
                if (q == null || q.checked() == null || q.checked().isEmpty()) yield "";
                long correct = q.checked().stream().filter(QueryRecord.QueryCheck::correct).count();
                long wrong = q.checked().size() - correct;
                yield ": " + correct + " answers checked correct" + (wrong == 0 ? "" : ", " + wrong + " wrong or failed") + ", "
                        + (q.absent() == null ? 0 : q.absent().size()) + " absent in this dialect";
            }
            default -> "";
        };
    }

    /** The first line the step wrote since {@code from} that says what went wrong, or a pointer to the log. */
    static String firstError(Path log, long from) {
        try (RandomAccessFile f = new RandomAccessFile(log.toFile(), "r")) {
            byte[] all = new byte[(int) Math.min(f.length() - from, 8 << 20)];
            f.seek(from);
            f.readFully(all);
            for (String line : new String(all, StandardCharsets.UTF_8).split("\n")) {
                if (line.matches("^(error:|FAILED|LOAD FAILED|VERIFY FAILED|WRONG).*")) return line.length() > 200 ? line.substring(0, 200) + "..." : line;
            }
        } catch (IOException e) {
            return "(its log could not be read: " + e.getMessage() + ")";
        }
        return "no error line in its output";
    }
}
