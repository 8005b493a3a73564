package org.tsdbbench.results;

/**
 * The names the processes of a run agree on, each defined once: the database jars' step flags (as
 * the steps declare them and the orchestrator passes them), the benchmarks' JMH parameters (as the
 * steps set them and the report reads them back from JMH's JSON), and the defaults they share.
 * Compile-time constants, so that picocli's {@code @Option} and JMH's {@code @Param} can name them.
 */
public final class StepFlags {

    private StepFlags() {
    }

    // The original tool's flags, each also taken in its --kebab-case form.

    public static final String WRITE_CLIENTS = "-writeClients";
    public static final String WRITE_CLIENTS_KEBAB = "--write-clients";
    public static final String ROWS_PER_REQUEST = "-rowsPerRequest";
    public static final String ROWS_PER_REQUEST_KEBAB = "--rows-per-request";
    public static final String NUM_OF_DEVICES = "-numOfDevices";
    public static final String ROWS_PER_DEVICE = "-rowsPerDevice";
    public static final String NUM_OF_FILES = "-numOfFiles";
    public static final String DATA_DIR = "-dataDir";
    public static final String RESULTS = "-results";
    public static final String QUERIES = "-queries";
    public static final String WORKLOAD = "-workload";
    public static final String WORKLOAD_KEBAB = "--workload";
    public static final String SCALE = "-scale";
    public static final String TRUCKS = "-trucks";
    public static final String HOURS = "-hours";
    public static final String TSBS_FILE = "-file";

    // The suite's own flags of the steps the orchestrator runs.

    public static final String RESULT_ROWS = "--result-rows";
    public static final String RANGE_CLIENTS = "--clients";
    /** The query step's concurrent clients (TSBS's --workers). */
    public static final String QUERY_CLIENTS = "--query-clients";
    public static final String RATE = "--rate";
    /** The write step's cells as pairs (rows per request x clients), instead of the matrix. */
    public static final String CELLS = "--cells";
    public static final String STABLE_WITHIN = "--stable-within";
    public static final String CELL_BUDGET = "--cell-budget";
    public static final String WRITE_PATH = "--write-path";
    public static final String BLOCKS = "--blocks";
    public static final String BLOCK_ROWS = "--block-rows";
    public static final String SHARD = "--shard";
    public static final String RUN_ID = "--run-id";
    public static final String SERVER_CORES = "--server-cores";
    public static final String KILL_PID = "--kill-pid";
    public static final String NODE = "--node";
    public static final String RESTART_SCRIPT = "--restart-script";

    // JMH's own flags, as the steps take them.

    public static final String FORKS = "-f";
    public static final String WARMUP_ITERATIONS = "-wi";
    public static final String WARMUP_TIME = "-w";
    public static final String ITERATIONS = "-i";
    public static final String TIME = "-r";

    // The benchmarks' JMH parameters: @Param fields, set by the steps, read from JMH's JSON by the report.

    public static final String PARAM_ROWS_PER_REQUEST = "rowsPerRequest";
    public static final String PARAM_TARGET_ROWS_PER_SECOND = "targetRowsPerSecond";
    public static final String PARAM_RESULT_ROWS = "resultRows";
    public static final String PARAM_BLOCK_ROWS = "blockRows";
    public static final String PARAM_QUERY_ID = "queryId";

    // Shared defaults.

    /**
     * Rows in one write request of the load, write, mixed and volume steps and of their benchmarks
     * run from an IDE (the write benchmark's operations per invocation must equal it).
     */
    public static final int DEFAULT_ROWS_PER_REQUEST = 1000;
    /** {@link #DEFAULT_ROWS_PER_REQUEST} as a {@code @Param} value. */
    public static final String DEFAULT_ROWS_PER_REQUEST_PARAM = "" + DEFAULT_ROWS_PER_REQUEST;
}
