package org.tsdbbench.common.iot;

import java.io.DataInput;
import java.io.DataOutput;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.tsdbbench.common.query.Dialect;
import org.tsdbbench.common.workload.Answers;
import org.tsdbbench.common.workload.PreparedCatalog;
import org.tsdbbench.common.workload.PreparedQuery;

/**
 * The IoT workload's {@link Answers}: the exact answers of a data set's catalog under each
 * {@link TagModel}, computed in one pass, with the spec its queries are rendered for. A dialect
 * says which model its database stores ({@link IotDialect#tagModel()}), and the catalog is prepared
 * against that model's answers: the data set and its answer cache need not know the database.
 */
public record IotCatalogAnswers(IotSpec spec, Map<TagModel, IotAnswers> byModel) implements Answers {

    private static final List<TagModel> MODELS = List.of(TagModel.values());

    public IotCatalogAnswers {
        byModel = Map.copyOf(byModel);
        for (TagModel m : MODELS) if (!byModel.containsKey(m)) throw new IllegalArgumentException("no answers for the " + m + " tag model");
    }

    /** The answers of {@code spec}'s catalog over every record of {@code source}, under every tag model, in one pass. */
    public static IotCatalogAnswers compute(IotSpec spec, IotRowSource source) throws IOException {
        return new IotCatalogAnswers(spec, IotAnswers.computeEach(source, spec, MODELS, spec.catalog()));
    }

    /** The answers under one tag model. */
    public IotAnswers under(TagModel model) {
        return byModel.get(model);
    }

    /** Records in the data set: what a load writes, and stores where every record is kept ({@link TagModel#RECORD}). */
    @Override
    public long totalRows() {
        return byModel.get(TagModel.RECORD).records();
    }

    @Override
    public long superseded(Dialect dialect) {
        return under(IotDialect.of(dialect).tagModel()).superseded();
    }

    @Override
    public List<String> sharedKeys(Dialect dialect) {
        return under(IotDialect.of(dialect).tagModel()).sharedKeys();
    }

    /** The spec's catalog in the dialect's words, checked against the answers of the tag model it stores. */
    @Override
    public PreparedCatalog prepare(Dialect anyDialect) {
        IotDialect dialect = IotDialect.of(anyDialect);
        List<PreparedQuery> queries = new ArrayList<>();
        List<String> absent = new ArrayList<>();
        IotAnswers answers = under(dialect.tagModel());
        for (IotQuery q : spec.catalog()) {
            Optional<String> text = dialect.render(q, spec);
            if (text.isPresent()) queries.add(new PreparedQuery(q, text.get(), dialect.shaper(q), answers.answer(q)));
            else absent.add(q.id());
        }
        return new PreparedCatalog(queries, absent);
    }

    /** A query of a query file; an id not of the spec's catalog is an IllegalArgumentException naming it. */
    @Override
    public PreparedQuery prepare(String id, String text, Dialect anyDialect) {
        IotDialect dialect = IotDialect.of(anyDialect);
        IotQuery q = IotQuery.parse(id);
        return new PreparedQuery(q, text, dialect.shaper(q), under(dialect.tagModel()).answer(q));
    }

    /** Report D's statistics of every reading's latitude (count, max, min, mean): one row over the whole table. */
    @Override
    public Optional<PreparedQuery> fingerprint(Dialect anyDialect) {
        IotDialect dialect = IotDialect.of(anyDialect);
        IotQuery q = IotQuery.of(IotQueryType.LATITUDE_STATS);
        return dialect.render(q, spec).map(text -> new PreparedQuery(q, text, dialect.shaper(q), under(dialect.tagModel()).answer(q)));
    }

    @Override
    public void writeTo(DataOutput out) throws IOException {
        out.writeInt(MODELS.size());
        for (TagModel m : MODELS) byModel.get(m).writeTo(out);
    }

    /** The answers {@link #writeTo} wrote for a data set of {@code spec}. */
    public static IotCatalogAnswers readFrom(IotSpec spec, DataInput in) throws IOException {
        int n = in.readInt();
        if (n != MODELS.size()) throw new IOException("IoT answers of " + n + " tag models, this version has " + MODELS.size());
        Map<TagModel, IotAnswers> byModel = new java.util.EnumMap<>(TagModel.class);
        for (int i = 0; i < n; i++) {
            IotAnswers a = IotAnswers.readFrom(in);
            byModel.put(a.model(), a);
        }
        return new IotCatalogAnswers(spec, byModel);
    }
}
