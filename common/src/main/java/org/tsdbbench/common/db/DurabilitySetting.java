package org.tsdbbench.common.db;

/**
 * One setting that decides what the server keeps of the rows it acknowledged when a process of it
 * dies, as the server itself reports it (its config as the running server sees it, or the
 * request's own parameter when the client chooses): the fault step records these beside the rows
 * a kill cost, and a loss is excused only by a setting under which the database documents it.
 *
 * @param name          the setting as the database names it ({@code innodb_flush_log_at_trx_commit})
 * @param value         its value on this server, as the server gave it
 * @param meaning       what the value means for an acknowledged write, in one sentence
 * @param losesOnKill   whether under this value the death of the process (SIGKILL; the machine
 *                      stays up) may lose rows it acknowledged: the database acknowledges before
 *                      the rows have left the process (a buffer of its own); a setting that only
 *                      delays fsync loses nothing to a process kill, as the kernel still writes
 *                      what it was handed, and answers false
 * @param process       the process whose death it concerns, by the name of its script's pid file
 *                      ({@code hbase}, {@code tsd}); null for any process of the server
 */
public record DurabilitySetting(String name, String value, String meaning, boolean losesOnKill, String process) {

    /** A setting of the server as a whole (any of its processes killed). */
    public static DurabilitySetting of(String name, String value, String meaning, boolean losesOnKill) {
        return new DurabilitySetting(name, value, meaning, losesOnKill, null);
    }

    /** Whether this setting excuses rows lost when {@code killed} (a pid file's name) died. */
    public boolean explainsLossOf(String killed) {
        return losesOnKill && (process == null || process.equals(killed));
    }
}
