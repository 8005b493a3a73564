package org.tsdbbench.common.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import org.tsdbbench.common.db.ConnectionOptions;
import org.tsdbbench.common.db.ConnectionOptions.Secret;
import org.tsdbbench.common.db.Database;
import org.tsdbbench.common.db.DatabaseDescriptor;
import org.tsdbbench.common.workload.DataSet;
import org.tsdbbench.common.workload.Workloads;

/**
 * Everything a benchmark needs besides its JMH parameters, as one typed value: which database
 * module, the server and login, the module's options, the data set (of any workload), the query file, where to
 * record verification, where the data set's expected answers are kept ({@link AnswerCache}) and
 * whether the data set was already checked. The CLI writes it to one JSON file ({@link #writeTo})
 * and names that file to its JMH runs with one property ({@link RunSettings#PROPERTY}); run from
 * an IDE, the defaults apply (local server, default workload). The password travels only as the
 * name of an environment variable or a file, never as a value.
 */
public record BenchSettings(String module, String host, int port, String user, String database, String passwordEnv, Path passwordFile,
                            Map<String, String> options, DataSet dataSet, Path sql, Path verifyLog, Path answersDir,
                            boolean dataChecked) {

    private static final ObjectMapper JSON = new ObjectMapper();

    public BenchSettings {
        options = Map.copyOf(options);
    }

    /** The settings of a run from an IDE: the database's local server and defaults, its default workload's default data set. */
    public static BenchSettings defaults(Database db) {
        DatabaseDescriptor d = db.descriptor();
        return new BenchSettings(d.name(), "127.0.0.1", d.defaultPort(), d.defaultUser(), d.defaultDatabase(), d.passwordEnv(), null,
                Map.of(), d.defaultWorkload().defaultDataSet(), null, null, null, false);
    }

    public BenchSettings withVerifyLog(Path log) {
        return new BenchSettings(module, host, port, user, database, passwordEnv, passwordFile, options, dataSet, sql, log, answersDir, dataChecked);
    }

    /** These settings with the folder where the data set's expected answers are kept (the run's results folder). */
    public BenchSettings withAnswersDir(Path dir) {
        return new BenchSettings(module, host, port, user, database, passwordEnv, passwordFile, options, dataSet, sql, verifyLog, dir, dataChecked);
    }

    /** These settings with another data set (a shard's step over the whole set). */
    public BenchSettings withDataSet(DataSet data) {
        return new BenchSettings(module, host, port, user, database, passwordEnv, passwordFile, options, data, sql, verifyLog, answersDir, dataChecked);
    }

    /** These settings with the queries of a query file ({@code -sql}) in place of the catalog's. */
    public BenchSettings withSql(Path file) {
        return new BenchSettings(module, host, port, user, database, passwordEnv, passwordFile, options, dataSet, file, verifyLog, answersDir,
                dataChecked);
    }

    /** These settings for a run whose caller has made sure the server holds the data set: its trials need not count it again. */
    public BenchSettings withDataChecked() {
        return new BenchSettings(module, host, port, user, database, passwordEnv, passwordFile, options, dataSet, sql, verifyLog, answersDir, true);
    }

    /** The server and login, the password read now from its environment variable or file. */
    public ConnectionOptions connection() throws IOException {
        Secret secret = passwordFile != null ? Secret.fromFile(passwordFile) : Secret.fromEnv(passwordEnv);
        return new ConnectionOptions(host, port, user, database, secret, options);
    }

    /** Writes these settings to a JSON file, paths made absolute (a fork may run elsewhere); the password's source, never its value. */
    public void writeTo(Path file) throws IOException {
        ObjectNode root = JSON.createObjectNode();
        root.put("module", module);
        root.put("host", host);
        root.put("port", port);
        root.put("user", user);
        root.put("database", database);
        root.put("passwordEnv", passwordEnv);
        root.put("passwordFile", text(passwordFile));
        ObjectNode opts = root.putObject("options");
        options.forEach(opts::put);
        root.put("workload", dataSet.workload().name());
        dataSet.writeJson(root.putObject("dataSet"));
        root.put("sql", text(sql));
        root.put("verifyLog", text(verifyLog));
        root.put("answersDir", text(answersDir));
        root.put("dataChecked", dataChecked);
        Path tmp = file.resolveSibling(file.getFileName() + ".tmp");
        JSON.writerWithDefaultPrettyPrinter().writeValue(tmp.toFile(), root);
        Files.move(tmp, file, java.nio.file.StandardCopyOption.REPLACE_EXISTING, java.nio.file.StandardCopyOption.ATOMIC_MOVE);
    }

    /** The settings {@link #writeTo} wrote; an unreadable or incomplete file is an IOException naming it. */
    public static BenchSettings read(Path file) throws IOException {
        try {
            JsonNode root = JSON.readTree(file.toFile());
            Map<String, String> options = new LinkedHashMap<>();
            root.path("options").properties().forEach(e -> options.put(e.getKey(), e.getValue().asText()));
            return new BenchSettings(required(root, "module").asText(), required(root, "host").asText(), required(root, "port").asInt(),
                    required(root, "user").asText(), required(root, "database").asText(), required(root, "passwordEnv").asText(),
                    path(root.path("passwordFile")), options, dataSet(root), path(root.path("sql")), path(root.path("verifyLog")),
                    path(root.path("answersDir")), root.path("dataChecked").asBoolean(false));
        } catch (IOException | IllegalArgumentException e) {
            throw new IOException("benchmark settings " + file + " cannot be read: " + e.getMessage(), e);
        }
    }

    /** The data set, read by the workload the file names. */
    private static DataSet dataSet(JsonNode root) throws IOException {
        return Workloads.find(required(root, "workload").asText()).readDataSet(required(root, "dataSet"));
    }

    private static JsonNode required(JsonNode node, String field) throws IOException {
        JsonNode v = node.path(field);
        if (v.isMissingNode() || v.isNull()) throw new IOException("no " + field);
        return v;
    }

    private static String text(Path p) {
        return p == null ? null : p.toAbsolutePath().toString();
    }

    private static Path path(JsonNode node) {
        return node.isMissingNode() || node.isNull() || node.asText().isBlank() ? null : Path.of(node.asText());
    }
}
