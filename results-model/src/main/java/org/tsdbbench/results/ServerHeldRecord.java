package org.tsdbbench.results;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * What the server held beside the data set when its disk use was measured, so that a figure taken
 * on a server with other data says so: the other databases there (and their bytes, where the
 * database tells), and the bytes of earlier data inside the data set's own storage (e.g. dropped
 * tables' blocks awaiting a compaction), with whether the figure counts them. Null fields: not known.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record ServerHeldRecord(List<String> otherDatabases, Long otherDatabasesBytes, Long leftoverBytes, Boolean leftoversCounted,
                               String leftovers) {

    public ServerHeldRecord {
        otherDatabases = otherDatabases == null ? null : List.copyOf(otherDatabases);
    }

    /**
     * One line for a reader of the disk figure: "other databases: a, b (1,234 bytes); 5,678 bytes of
     * dropped tables' blocks in this database's files, not counted"; null when the server held nothing
     * else that is known.
     */
    public String describe() {
        List<String> parts = new ArrayList<>();
        if (otherDatabases != null && !otherDatabases.isEmpty()) {
            parts.add("other databases: " + String.join(", ", otherDatabases)
                    + (otherDatabasesBytes == null ? "" : String.format(Locale.ROOT, " (%,d bytes)", otherDatabasesBytes)));
        }
        if (leftoverBytes == null ? leftovers != null && Boolean.TRUE.equals(leftoversCounted) : leftoverBytes > 0) {
            parts.add((leftoverBytes == null ? "" : String.format(Locale.ROOT, "%,d bytes of ", leftoverBytes))
                    + (leftovers == null ? "earlier data" : leftovers)
                    + (Boolean.TRUE.equals(leftoversCounted) ? ", counted in the figure" : ", not counted"));
        }
        return parts.isEmpty() ? null : String.join("; ", parts);
    }

    /** Whether earlier data is known or suspected to be in the figure itself (not only beside it). */
    public boolean figureHoldsLeftovers() {
        return Boolean.TRUE.equals(leftoversCounted) && (leftoverBytes == null || leftoverBytes > 0);
    }
}
