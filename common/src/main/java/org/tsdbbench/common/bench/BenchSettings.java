package org.tsdbbench.common.bench;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import org.tsdbbench.common.data.DataSet;
import org.tsdbbench.common.data.Shard;
import org.tsdbbench.common.data.WorkloadSpec;
import org.tsdbbench.common.db.ConnectionOptions;
import org.tsdbbench.common.db.ConnectionOptions.Secret;
import org.tsdbbench.common.db.Database;

/**
 * Everything a benchmark needs besides its JMH parameters: server address, data set, query file,
 * where to record verification, where the data set's expected answers are kept for reuse
 * ({@link AnswerCache}). The CLI passes it to JMH's forked JVMs as {@code -Dtsbench.*}
 * system properties; run from an IDE, the defaults apply (local server, default workload). The
 * password travels only as the name of an environment variable or a file, never as a value.
 */
public record BenchSettings(String host, int port, String user, String database, String passwordEnv, Path passwordFile,
                            Map<String, String> options, DataSet dataSet, Path sql, Path verifyLog, Path answersDir) {

    static final String PREFIX = "tsbench.";

    public BenchSettings {
        options = Map.copyOf(options);
    }

    public static BenchSettings defaults(Database db) {
        return new BenchSettings("127.0.0.1", db.defaultPort(), db.defaultUser(), db.defaultDatabase(), db.passwordEnv(), null,
                Map.of(), DataSet.generated(WorkloadSpec.defaults()), null, null, null);
    }

    /** Reads the settings a forked JMH JVM was given; unset ones take the defaults. */
    public static BenchSettings fromSystemProperties(Database db) {
        Properties p = System.getProperties();
        BenchSettings d = defaults(db);
        WorkloadSpec spec = new WorkloadSpec(
                Integer.parseInt(p.getProperty(PREFIX + "numOfDevices", String.valueOf(WorkloadSpec.DEFAULT_DEVICES))),
                Integer.parseInt(p.getProperty(PREFIX + "rowsPerDevice", String.valueOf(WorkloadSpec.DEFAULT_ROWS_PER_DEVICE))),
                Long.parseLong(p.getProperty(PREFIX + "startTs", String.valueOf(WorkloadSpec.DEFAULT_START_TS))),
                Long.parseLong(p.getProperty(PREFIX + "seed", String.valueOf(WorkloadSpec.DEFAULT_SEED))));
        String dataDir = p.getProperty(PREFIX + "dataDir");
        DataSet data = (dataDir == null ? DataSet.generated(spec)
                : new DataSet(spec, Path.of(dataDir), Integer.parseInt(p.getProperty(PREFIX + "numOfFiles", "1"))))
                .withShard(Shard.parse(p.getProperty(PREFIX + "shard", "0/1")));
        Map<String, String> options = new LinkedHashMap<>();
        for (String key : p.stringPropertyNames()) {
            if (key.startsWith(PREFIX + "option.")) options.put(key.substring((PREFIX + "option.").length()), p.getProperty(key));
        }
        return new BenchSettings(
                p.getProperty(PREFIX + "host", d.host()),
                Integer.parseInt(p.getProperty(PREFIX + "port", String.valueOf(d.port()))),
                p.getProperty(PREFIX + "user", d.user()),
                p.getProperty(PREFIX + "database", d.database()),
                p.getProperty(PREFIX + "passwordEnv", d.passwordEnv()),
                pathOrNull(p.getProperty(PREFIX + "passwordFile")),
                options, data,
                pathOrNull(p.getProperty(PREFIX + "sql")),
                pathOrNull(p.getProperty(PREFIX + "verifyLog")),
                pathOrNull(p.getProperty(PREFIX + "answersDir")));
    }

    /** The {@code -D} arguments that make a forked JVM see these settings. */
    public List<String> toJvmArgs() {
        List<String> args = new ArrayList<>();
        add(args, "host", host);
        add(args, "port", port);
        add(args, "user", user);
        add(args, "database", database);
        add(args, "passwordEnv", passwordEnv);
        if (passwordFile != null) add(args, "passwordFile", passwordFile.toAbsolutePath());
        options.forEach((k, v) -> add(args, "option." + k, v));
        WorkloadSpec s = dataSet.spec();
        add(args, "numOfDevices", s.numOfDevices());
        add(args, "rowsPerDevice", s.rowsPerDevice());
        add(args, "startTs", s.startTs());
        add(args, "seed", s.seed());
        if (dataSet.fromFiles()) {
            add(args, "dataDir", dataSet.dataDir().toAbsolutePath());
            add(args, "numOfFiles", dataSet.numOfFiles());
        }
        if (!dataSet.shard().whole()) add(args, "shard", dataSet.shard());
        if (sql != null) add(args, "sql", sql.toAbsolutePath());
        if (verifyLog != null) add(args, "verifyLog", verifyLog.toAbsolutePath());
        if (answersDir != null) add(args, "answersDir", answersDir.toAbsolutePath());
        return args;
    }

    public BenchSettings withVerifyLog(Path log) {
        return new BenchSettings(host, port, user, database, passwordEnv, passwordFile, options, dataSet, sql, log, answersDir);
    }

    /** These settings with the folder where the data set's expected answers are kept (the run's results folder). */
    public BenchSettings withAnswersDir(Path dir) {
        return new BenchSettings(host, port, user, database, passwordEnv, passwordFile, options, dataSet, sql, verifyLog, dir);
    }

    public ConnectionOptions connection() throws IOException {
        Secret secret = passwordFile != null ? Secret.fromFile(passwordFile) : Secret.fromEnv(passwordEnv);
        return new ConnectionOptions(host, port, user, database, secret, options);
    }

    private static void add(List<String> args, String key, Object value) {
        args.add("-D" + PREFIX + key + "=" + value);
    }

    private static Path pathOrNull(String s) {
        return s == null || s.isBlank() ? null : Path.of(s);
    }
}
