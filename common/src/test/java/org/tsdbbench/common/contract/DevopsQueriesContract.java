package org.tsdbbench.common.contract;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;
import org.tsdbbench.common.bench.StoredRows;
import org.tsdbbench.common.db.ConnectionOptions;
import org.tsdbbench.common.db.Database;
import org.tsdbbench.common.db.DatabaseException;
import org.tsdbbench.common.db.Session;
import org.tsdbbench.common.devops.CpuBatch;
import org.tsdbbench.common.devops.CpuDataSet;
import org.tsdbbench.common.devops.CpuLineWriter;
import org.tsdbbench.common.devops.CpuSource;
import org.tsdbbench.common.devops.DevopsAnswers;
import org.tsdbbench.common.devops.DevopsDialect;
import org.tsdbbench.common.devops.DevopsQuery;
import org.tsdbbench.common.devops.DevopsQueryType;
import org.tsdbbench.common.devops.DevopsSession;
import org.tsdbbench.common.devops.DevopsSpec;
import org.tsdbbench.common.workload.PreparedCatalog;
import org.tsdbbench.common.workload.PreparedQuery;
import org.tsdbbench.common.workload.ResultCheck;

/**
 * TSBS's DevOps hosts (cpu-only) against a module's real server, written once: the default data set
 * (10 hosts over 13 hours, 46,800 rows) written by two clients at once through the session (every other
 * request built ahead) and counted; then every catalog query the dialect renders checked against the
 * generator's exact answer, each type returning rows. The query types the dialect leaves out are
 * exactly the ones the module names absent. A module's test extends this and names what its
 * database cannot say.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
public abstract class DevopsQueriesContract {

    protected static final DevopsSpec SPEC = DevopsSpec.defaults();
    private static final int REQUEST_ROWS = 2_000;

    private final CpuDataSet data = CpuDataSet.generated(SPEC);
    private DevopsAnswers answers;

    /** The module's database. */
    protected abstract Database db();

    /** The query types the module's dialect cannot say with the catalog's meaning (its README says why); none by default. */
    protected Set<DevopsQueryType> absent() {
        return EnumSet.noneOf(DevopsQueryType.class);
    }

    /** The server under test: the local one the project's scripts start, unless the environment says otherwise. */
    protected ConnectionOptions connection() {
        String prefix = db().descriptor().passwordEnv().replace("PASSWORD", "");
        return new ConnectionOptions(DatabaseContract.env(prefix + "HOST", "127.0.0.1"),
                Integer.parseInt(DatabaseContract.env(prefix + "PORT", String.valueOf(db().descriptor().defaultPort()))),
                db().descriptor().defaultUser(), db().descriptor().defaultDatabase(),
                ConnectionOptions.Secret.fromEnv(db().descriptor().passwordEnv()), Map.of());
    }

    @BeforeAll
    void computeAnswers() throws Exception {
        answers = data.answers();
    }

    @Test
    void loadsEveryRowAndAnswersEveryQuery() throws Exception {
        ConnectionOptions o = connection();
        try (Session s = db().open(o)) {
            SPEC.recreateSchema(s);
            assertEquals(answers.totalRows(), load(o), "rows acknowledged");
            assertEquals(answers.totalRows(), StoredRows.settled(db(), s, SPEC, answers.totalRows()), "rows stored in cpu");
            PreparedCatalog catalog = answers.prepare(db().dialect());
            List<String> problems = new ArrayList<>();
            Set<DevopsQueryType> withRows = EnumSet.noneOf(DevopsQueryType.class);
            for (PreparedQuery q : catalog.queries()) {
                try {
                    ResultCheck check = q.run(s);
                    if (check.mismatch() != null) problems.add(check.mismatch() + "\n    [" + q.text() + "]");
                    if (check.rows() > 0) withRows.add(((DevopsQuery) q.query()).type());
                } catch (DatabaseException e) {
                    problems.add(q.id() + ": " + e.getMessage() + "\n    [" + q.text() + "]");
                }
            }
            assertEquals(List.of(), problems, "queries whose answer differs");
            Set<DevopsQueryType> expected = EnumSet.allOf(DevopsQueryType.class);
            expected.removeAll(absent());
            // A check of no rows proves little: every type the dialect says finds rows in this data set.
            assertEquals(expected, withRows, "query types that returned rows");
        }
    }

    /**
     * The default data set as a TSBS file, loaded through the session's own path for a file (its lines as
     * they are, for a session that takes them: {@link DevopsSession#takesCpuLines}), and counted.
     */
    @Test
    void aTsbsFileLoadsEveryRow(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("cpu-only.txt");
        CpuLineWriter.write(data.all(), file);
        CpuDataSet fromFile = CpuDataSet.file(file, SPEC.seed());
        fromFile.checkFiles();
        ConnectionOptions o = connection();
        try (Session s = db().open(o)) {
            SPEC.recreateSchema(s);
            assertEquals(answers.totalRows(), load(o, fromFile), "rows acknowledged from the file");
            assertEquals(answers.totalRows(), StoredRows.settled(db(), s, SPEC, answers.totalRows()), "rows stored from the file");
        }
    }

    @Test
    void theDialectLeavesOutExactlyTheQueriesNamedAbsent() {
        Map<DevopsQueryType, Boolean> rendered = new LinkedHashMap<>();
        for (DevopsQuery q : SPEC.catalog()) rendered.merge(q.type(), DevopsDialect.of(db().dialect()).render(q, SPEC).isPresent(), Boolean::logicalAnd);
        assertEquals(EnumSet.allOf(DevopsQueryType.class), rendered.keySet(), "query types drawn");
        Set<DevopsQueryType> leftOut = EnumSet.noneOf(DevopsQueryType.class);
        rendered.forEach((type, all) -> {
            if (!all) leftOut.add(type);
        });
        assertEquals(absent(), leftOut, "query types the dialect does not render");
    }

    /** Two clients, each writing its hosts in requests of up to 2,000 rows, every other request built ahead and sent; the rows acknowledged. */
    protected final long load(ConnectionOptions o) throws Exception {
        return load(o, data);
    }

    private long load(ConnectionOptions o, CpuDataSet rows) throws Exception {
        return Clients.sum(2, client -> () -> {
            try (DevopsSession s = DevopsSession.of(db().open(o)); CpuSource source = rows.client(client, 2, false, s)) {
                long acked = 0;
                int request = 0;
                for (CpuBatch b = source.next(REQUEST_ROWS); !b.isEmpty(); b = source.next(REQUEST_ROWS), request++) {
                    acked += request % 2 == 0 ? s.write(b) : s.prepare(b).send();
                }
                return acked;
            }
        });
    }

    /** The data set's exact answers. */
    protected final DevopsAnswers answers() {
        return answers;
    }
}
