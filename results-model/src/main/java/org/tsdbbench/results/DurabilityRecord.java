package org.tsdbbench.results;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.List;

/**
 * The part of a fault cell a single server adds (the manifest's {@code fault.durability}): its
 * process was killed (SIGKILL) mid-write and started again by its script, then the rows it kept
 * were counted against the rows acknowledged before the kill. Lost rows were acknowledged and are
 * not stored; extra rows are stored but were never acknowledged (a request that failed on the
 * client but reached the disk). One writer sends the requests, each after the previous answer, so
 * the two cannot hide each other unless the database kept a later request and lost an earlier
 * acknowledged one.
 *
 * @param writePath                  how the rows were sent, when the module has several ways (its facts' writePath)
 * @param rowsSentBeforeKill         rows of the requests sent up to the kill, the one it cut included
 * @param rowsAcknowledgedBeforeKill rows the server acknowledged before the kill
 * @param rowsStoredAfterRestart     rows counted once the script had started it again, before any other write
 * @param rowsLost                   acknowledged before the kill and not stored
 * @param rowsExtra                  stored, never acknowledged
 * @param writableAfterSeconds       from the kill to the first acknowledged write, the script's start run at once
 *                                   (the count between them left out)
 * @param settings                   the server's settings that decide what a kill keeps, as it reported them
 * @param lossExplainedBy            the settings that excuse the rows lost (absent: none lost, or none excuses it)
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record DurabilityRecord(String writePath, long rowsSentBeforeKill, long rowsAcknowledgedBeforeKill, long rowsStoredAfterRestart,
                               long rowsLost, long rowsExtra, double writableAfterSeconds, List<Setting> settings, String lossExplainedBy) {

    public DurabilityRecord {
        settings = settings == null ? List.of() : List.copyOf(settings);
    }

    /**
     * One of the server's durability settings: its name and value, what it means for an acknowledged
     * write, whether a process kill may lose acknowledged rows under it, and the process it concerns
     * (absent: any).
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Setting(String name, String value, String meaning, boolean losesOnKill, String process) {
    }
}
