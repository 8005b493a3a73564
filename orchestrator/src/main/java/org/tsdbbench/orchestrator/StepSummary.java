package org.tsdbbench.orchestrator;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Locale;

/**
 * The one line the comparison prints when a step ends, for the person watching: from the
 * database's manifest when it passed (the load's rows/s, the disk's bytes, the answers checked),
 * from the step's own first error line when it failed. What decided is the step's exit code.
 */
final class StepSummary {

    private StepSummary() {
    }

    /** ": what the step found", or "" when the manifest says nothing of it. */
    static String of(String step, JsonNode manifest) {
        if (manifest == null) return "";
        return switch (step) {
            case "load" -> {
                JsonNode l = manifest.path("load");
                yield l.isObject() ? String.format(Locale.ROOT, ": %,d rows acknowledged and stored, %,.0f rows/s", l.path("rowsAcknowledged").asLong(),
                        l.path("rowsPerSecond").asDouble()) : "";
            }
            case "disk" -> {
                JsonNode d = manifest.path("disk");
                if (!d.isObject()) yield "";
                yield d.has("bytes") ? String.format(Locale.ROOT, ": %,d bytes (%.1f bytes per row)", d.path("bytes").asLong(), d.path("bytesPerRow").asDouble())
                        : ": " + d.path("method").asText();
            }
            case "query" -> {
                int correct = 0;
                int wrong = 0;
                for (JsonNode c : manifest.path("query").path("checked")) {
                    if (c.path("correct").asBoolean()) correct++;
                    else wrong++;
                }
                yield correct + wrong == 0 ? "" : ": " + correct + " answers checked correct" + (wrong == 0 ? "" : ", " + wrong + " wrong or failed")
                        + ", " + manifest.path("query").path("absent").size() + " absent in this dialect";
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
