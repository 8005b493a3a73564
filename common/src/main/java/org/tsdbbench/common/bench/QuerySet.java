package org.tsdbbench.common.bench;

import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.tsdbbench.common.data.DataSet;
import org.tsdbbench.common.db.Database;
import org.tsdbbench.common.db.DatabaseException;
import org.tsdbbench.common.query.Dialect;
import org.tsdbbench.common.query.ExpectedAnswers;
import org.tsdbbench.common.query.LogicalQuery;
import org.tsdbbench.common.query.QueryCatalog;
import org.tsdbbench.common.query.QueryFile;

/**
 * The queries of a query step with their expected answers: from a query file when one is given
 * ({@code -sql}), else rendered from the catalog by the database's dialect for this data set.
 * Functions the dialect lacks are listed as absent, never faked.
 */
public final class QuerySet {

    private final Map<String, PreparedQuery> queries;
    private final List<String> absent;
    private final ExpectedAnswers answers;

    private QuerySet(Map<String, PreparedQuery> queries, List<String> absent, ExpectedAnswers answers) {
        this.queries = queries;
        this.absent = absent;
        this.answers = answers;
    }

    public static QuerySet prepare(Database db, BenchSettings settings) throws IOException, DatabaseException {
        DataSet data = settings.dataSet();
        data.checkFiles();
        // Once per data set and run, not once per trial: a pass over 100 M rows takes a minute.
        ExpectedAnswers answers = AnswerCache.answers(data, settings.answersDir());
        Map<String, PreparedQuery> queries = new LinkedHashMap<>();
        List<String> absent = new java.util.ArrayList<>();
        Dialect dialect = db.dialect(settings.connection());
        if (settings.sql() != null) {
            for (QueryFile.Line line : QueryFile.read(settings.sql()).values()) {
                LogicalQuery q = line.query();
                queries.put(q.id(), new PreparedQuery(q, line.text(), dialect.shaper(q), answers.answer(q)));
            }
        } else {
            for (LogicalQuery q : QueryCatalog.all()) {
                var text = dialect.render(q, data.spec());
                if (text.isPresent()) queries.put(q.id(), new PreparedQuery(q, text.get(), dialect.shaper(q), answers.answer(q)));
                else absent.add(q.id());
            }
        }
        return new QuerySet(queries, List.copyOf(absent), answers);
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

    public long expectedRows() {
        return answers.totalRows();
    }

    /** Loads the data set when the database does not hold exactly it (so a query benchmark runs alone). */
    public void ensureLoaded(Database db, BenchSettings settings) throws Exception {
        long expected = expectedRows();
        DataSetGuard.ensure(db, settings.connection(), expected, System.out::println, () -> {
            Loader.Result r = Loader.load(db, settings.connection(), settings.dataSet(), expected,
                    Math.min(4, settings.dataSet().maxClients()), 1000, n -> { });
            if (!r.verified()) throw new IllegalStateException("load failed: " + r.describe());
            return true;
        });
    }
}
