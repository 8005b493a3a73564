package org.tsdbbench.common.cli;

import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.openjdk.jmh.profile.ProfilerException;
import org.openjdk.jmh.profile.ProfilerFactory;
import org.openjdk.jmh.runner.options.ProfilerConfig;
import org.tsdbbench.common.bench.BenchSettings;
import org.tsdbbench.common.data.Shard;
import org.tsdbbench.common.db.ConnectionOptions;
import org.tsdbbench.common.db.DatabaseDescriptor;
import org.tsdbbench.common.workload.DataOptions;
import org.tsdbbench.common.workload.DataSet;
import org.tsdbbench.common.workload.Workload;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import org.tsdbbench.results.IntList;
import org.tsdbbench.results.StepFlags;

/**
 * The options every step takes: the workload and its data-set flags (for the devices, the
 * original tools' single-dash flags and --kebab-case forms), the server, where results go, and
 * JMH's run lengths.
 */
public final class CommonOptions {

    /** The module option {@code -conf FILE} sets. */
    static final String CONF = "conf";

    /** The workload the command line chose ({@link BenchCli} reads {@code --workload} first, since it decides {@link #data}). */
    private final Workload workload;

    /** The chosen workload's data-set flags. */
    @Mixin
    final DataOptions data;

    @Option(names = {StepFlags.WORKLOAD, StepFlags.WORKLOAD_KEBAB}, paramLabel = "NAME",
            description = "The workload to run: one the module takes, listed at the end (default: the first listed).")
    String workloadName;

    CommonOptions(Workload workload) {
        this.workload = workload;
        this.data = workload.options();
    }

    @Option(names = {"-host", "--host"}, description = "Server host (default: 127.0.0.1); a cluster: several, comma-separated, each host or host:port (Cassandra contact points, MySQL failover; one for the others).")
    String host = "127.0.0.1";

    @Option(names = {"-port", "--port"}, description = "Server port (default: the database's usual port).")
    Integer port;

    @Option(names = {"-user", "--user"}, description = "User name (default: the database's: bench; ClickHouse: default; TDengine: root).")
    String user;

    @Option(names = {"-database", "--database"}, paramLabel = "NAME", description = "Database (keyspace) to use (default: bench).")
    String database;

    @Option(names = "--password-env", paramLabel = "VAR", description = "Environment variable holding the password (default: the database's, e.g. MYSQL_PASSWORD).")
    String passwordEnv;

    @Option(names = "--password-file", paramLabel = "FILE", description = "File whose first line is the password.")
    Path passwordFile;

    @Option(names = "--option", paramLabel = "KEY=VALUE", description = "A setting of this database's module, repeatable: the keys it takes are listed below.")
    Map<String, String> options = new LinkedHashMap<>();

    @Option(names = {"-conf", "--conf"}, paramLabel = "FILE", description = "The database client's own configuration file, the option conf (Cassandra's application.conf).")
    Path conf;

    @Option(names = {StepFlags.RESULTS, "--results"}, paramLabel = "DIR", description = "Folder for this run's JSON, manifest and report (default: results/<date-time>).")
    Path results;

    @Option(names = StepFlags.SHARD, paramLabel = "i/N", description = "Write only shard i of N (0-based) of the data set: N processes together write it once (default: env TSBENCH_SHARD, else the whole set).")
    String shard;

    @Option(names = StepFlags.RUN_ID, paramLabel = "ID", description = "Names the run in the manifest, so the shards of one run can be merged (default: env TSBENCH_RUN_ID, else a fresh id).")
    String runId;

    @Option(names = StepFlags.SERVER_CORES, paramLabel = "N",
            description = "The server runs on N cores (scripts/compare.sh --server-cores pins the local servers with taskset): recorded in the "
                    + "manifest's machine.serverCores beside the CPUs the local server's process may use (default: env TSBENCH_SERVER_CORES, else not limited).")
    Integer serverCores;

    @Option(names = "--server-pid", paramLabel = "LIST", converter = IntList.Converter.class,
            description = "Pids of the server's processes the write test samples for CPU, RSS and disk writes (default: the local process"
                    + " listening on -port); every step takes it, so that one set of flags reaches a server.")
    IntList serverPids;

    @Option(names = {StepFlags.FORKS, "--forks"}, description = "JMH forks per benchmark (default: ${DEFAULT-VALUE}).")
    int forks = 1;

    @Option(names = {StepFlags.WARMUP_ITERATIONS, "--warmup-iterations"}, description = "JMH warm-up iterations (default: ${DEFAULT-VALUE}).")
    int warmupIterations = 1;

    @Option(names = {StepFlags.WARMUP_TIME, "--warmup-time"}, paramLabel = "TIME", description = "Time per warm-up iteration, e.g. 5s, 500ms (default: ${DEFAULT-VALUE}).")
    String warmupTime = "5s";

    @Option(names = {StepFlags.ITERATIONS, "--iterations"}, description = "JMH measurement iterations (default: ${DEFAULT-VALUE}).")
    int iterations = 3;

    @Option(names = {StepFlags.TIME, "--time"}, paramLabel = "TIME", description = "Time per measurement iteration, e.g. 5s, 500ms (default: ${DEFAULT-VALUE}).")
    String time = "5s";

    @Option(names = "-prof", paramLabel = "NAME[:OPTIONS]",
            description = "A JMH profiler for the step's benchmarks, as JMH's own -prof (gc, stack, perfnorm...; -lprof lists them); repeatable.")
    List<String> profilers = List.of();

    @Option(names = "-jvmArgs", paramLabel = "ARGS", description = "The JVM options of the benchmarks' forks, as JMH's own -jvmArgs, e.g. '-Xmx2g -XX:+UseZGC'.")
    String jvmArgs;

    /**
     * Checks ranges and the module's options; a bad value is a one-line error naming the flag (or
     * option) and the value, an unknown option names the keys the module takes.
     */
    void validate(DatabaseDescriptor db) throws UsageException {
        // The flag as parsed names the workload read before parsing, unless that read was fooled (a value that looked like the flag).
        if (workloadName != null && !workloadName.equals(workload.name())) {
            throw new UsageException("--workload " + workloadName + ": given twice, or as another flag's value (" + workload.name() + ")");
        }
        try {
            db.checkTakes(workload);
            data.validate();
        } catch (IllegalArgumentException e) {
            throw new UsageException(e.getMessage());
        }
        positive("-i", iterations);
        for (String p : profilers) {
            String[] nameAndOptions = p.split(":", 2);
            try {
                ProfilerFactory.getProfilerOrException(new ProfilerConfig(nameAndOptions[0], nameAndOptions.length > 1 ? nameAndOptions[1] : ""));
            } catch (ProfilerException e) {
                throw new UsageException("-prof " + p + ": not a profiler JMH can run here (-lprof lists them): " + String.valueOf(e.getMessage()).replaceAll("\\s*\\R\\s*", " ").strip());
            }
        }
        Shard s;
        try {
            s = shard();
        } catch (IllegalArgumentException e) {
            throw new UsageException((shard != null ? "--shard " : "TSBENCH_SHARD ") + e.getMessage());
        }
        DataSet whole = data.dataSet();
        int parts = whole.maxClients();
        if (s.count() > parts) {
            throw new UsageException("--shard " + s + ": " + s.count() + " shards for " + parts + " " + whole.splitUnit()
                    + ": each shard must own at least one");
        }
        try {
            if (Step.time("-r", time).getTime() < 1) throw new UsageException("-r " + time + ": must be more than 0");
            if (Step.time("-w", warmupTime).getTime() < 1) throw new UsageException("-w " + warmupTime + ": must be more than 0");
        } catch (IllegalArgumentException e) {
            throw new UsageException(e.getMessage());
        }
        serverCores();
        if (forks < 0) throw new UsageException("-f " + forks + ": forks must be 0 or more");
        if (warmupIterations < 0) throw new UsageException("-wi " + warmupIterations + ": must be 0 or more");
        if (port != null && (port < 1 || port > 65535)) throw new UsageException("-port " + port + ": must be 1..65535");
        if (conf != null && !java.nio.file.Files.isReadable(conf)) throw new UsageException("-conf " + conf + ": no such readable file");
        if (passwordFile != null && !java.nio.file.Files.isReadable(passwordFile)) {
            throw new UsageException("--password-file " + passwordFile + ": no such readable file");
        }
        if (conf != null && db.option(CONF).isEmpty()) throw new UsageException("-conf " + conf + ": " + db.displayName() + " reads no client configuration file");
        try {
            db.checkOptions(options());
            if (host != null) new ConnectionOptions(host, 1, "", "", ConnectionOptions.Secret.none(), Map.of()).addresses();
        } catch (IllegalArgumentException e) {
            throw new UsageException(e.getMessage());
        }
    }

    /** The module settings: every {@code --option}, and {@code -conf FILE} as the option {@value #CONF}. */
    Map<String, String> options() {
        Map<String, String> all = new LinkedHashMap<>(options);
        if (conf != null) all.put(CONF, conf.toAbsolutePath().toString());
        return all;
    }

    static void positive(String flag, long value) throws UsageException {
        if (value < 1) throw new UsageException(flag + " " + value + ": must be at least 1");
    }

    /** The data set the flags name, this process's shard of it. */
    DataSet dataSet() {
        return data.dataSet().withShard(shard());
    }

    /** --shard, else TSBENCH_SHARD (a Kubernetes Indexed Job sets it from the completion index), else the whole data set. */
    Shard shard() {
        String text = shard != null ? shard : System.getenv("TSBENCH_SHARD");
        return text == null || text.isBlank() ? Shard.WHOLE : Shard.parse(text);
    }

    /** --server-cores, else TSBENCH_SERVER_CORES, else null (the server's cores are not limited). */
    Integer serverCores() throws UsageException {
        if (serverCores != null) {
            if (serverCores < 1) throw new UsageException("--server-cores " + serverCores + ": must be at least 1");
            return serverCores;
        }
        String env = System.getenv("TSBENCH_SERVER_CORES");
        if (env == null || env.isBlank()) return null;
        try {
            int n = Integer.parseInt(env.strip());
            if (n < 1) throw new NumberFormatException();
            return n;
        } catch (NumberFormatException e) {
            throw new UsageException("TSBENCH_SERVER_CORES " + env + ": must be a whole number, at least 1");
        }
    }

    /** --run-id, else TSBENCH_RUN_ID, else null (the manifest then gets a fresh one). */
    String runId() {
        String id = runId != null ? runId : System.getenv("TSBENCH_RUN_ID");
        return id == null || id.isBlank() ? null : id.strip();
    }

    /** The run's settings: these flags, the database's defaults where a flag is not given. */
    BenchSettings settings(DatabaseDescriptor db) {
        return new BenchSettings(db.name(), host,
                port != null ? port : db.defaultPort(),
                user != null ? user : db.defaultUser(),
                database != null ? database : db.defaultDatabase(),
                passwordEnv != null ? passwordEnv : db.passwordEnv(),
                passwordFile, options(), dataSet(), null, null, null, false);
    }

    Path resultsDir() {
        return results != null ? results : Path.of("results", LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss")));
    }
}
