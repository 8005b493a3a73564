package org.tsdbbench.common.bench;

import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.tsdbbench.common.db.Database;
import org.tsdbbench.common.db.DatabaseException;
import org.tsdbbench.common.query.Dialect;
import org.tsdbbench.common.query.QueryFile;
import org.tsdbbench.common.workload.Answers;
import org.tsdbbench.common.workload.DataSet;
import org.tsdbbench.common.workload.PreparedCatalog;
import org.tsdbbench.common.workload.PreparedQuery;

/**
 * The queries of a query step with their expected answers: from a query file when one is given
 * ({@code -sql}), else the workload's catalog rendered by the database's dialect for this data
 * set. Queries the dialect cannot say are listed as absent, never faked.
 */
public final class QuerySet {

    private final Map<String, PreparedQuery> queries;
    private final List<String> absent;
    private final Answers answers;
    private final long storedRows;

    private QuerySet(Map<String, PreparedQuery> queries, List<String> absent, Answers answers, long storedRows) {
        this.queries = queries;
        this.absent = absent;
        this.answers = answers;
        this.storedRows = storedRows;
    }

    public static QuerySet prepare(Database db, BenchSettings settings) throws IOException, DatabaseException {
        DataSet data = settings.dataSet();
        data.checkFiles();
        // Once per data set and run, not once per trial: a pass over 100 M rows takes a minute.
        Answers answers = AnswerCache.answers(data, settings.answersDir());
        Map<String, PreparedQuery> queries = new LinkedHashMap<>();
        List<String> absent = List.of();
        Dialect dialect = db.dialect(settings.connection());
        if (settings.sql() != null) {
            for (QueryFile.Line line : QueryFile.read(settings.sql(), data.workload()).values()) {
                String id = line.query().id();
                queries.put(id, answers.prepare(id, line.text(), dialect));
            }
        } else {
            PreparedCatalog catalog = answers.prepare(dialect);
            for (PreparedQuery q : catalog.queries()) queries.put(q.id(), q);
            absent = catalog.absent();
        }
        return new QuerySet(queries, absent, answers, answers.totalRows() - answers.superseded(dialect));
    }

    public PreparedQuery get(String id) {
        PreparedQuery q = queries.get(id);
        if (q == null) {
            String why = absent.contains(id) ? " (the database has no such function)" : "";
            throw new IllegalArgumentException("no query " + id + why + "; known: " + String.join(", ", queries.keySet()));
        }
        return q;
    }

    public Map<String, PreparedQuery> all() {
        return queries;
    }

    /** Catalog ids the dialect cannot say (empty when a query file is used). */
    public List<String> absent() {
        return absent;
    }

    /**
     * The rows a load of the data set leaves stored in this database: its records, less those the database keeps in
     * place of an earlier record of their key (TSBS's IoT records without a name, under the dialect's key model).
     */
    public long storedRows() {
        return storedRows;
    }

    /** Loads the data set when the database does not hold exactly it (so a query benchmark runs alone). */
    public void ensureLoaded(Database db, BenchSettings settings) throws Exception {
        DataSetGuard.Fingerprint fingerprint = () -> answers.fingerprint(db.dialect(settings.connection()));
        DataSetGuard.ensure(db, settings.connection(), settings.dataSet().spec(), storedRows, fingerprint, System.out::println, () -> {
            Loader.Result r = Loader.load(db, settings.connection(), settings.dataSet(), answers.totalRows(),
                    Math.min(4, settings.dataSet().maxClients()), 1000, n -> { });
            if (!r.verified()) throw new IllegalStateException("load failed: " + r.describe());
            return true;
        });
    }
}
