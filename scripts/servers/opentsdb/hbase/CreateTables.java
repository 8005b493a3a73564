import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.HBaseConfiguration;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptorBuilder;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.ConnectionFactory;
import org.apache.hadoop.hbase.client.TableDescriptorBuilder;

/**
 * Creates OpenTSDB's four tables with the column families of its create_table.sh (no
 * compression, one version), skipping those that exist. Run with the HBase classpath:
 * {@code java -cp <hbase classpath>:<conf dir> CreateTables.java}.
 */
public class CreateTables {
    public static void main(String[] args) throws Exception {
        Configuration conf = HBaseConfiguration.create();
        try (Connection c = ConnectionFactory.createConnection(conf); Admin admin = c.getAdmin()) {
            create(admin, "tsdb", List.of("t"));
            create(admin, "tsdb-uid", List.of("id", "name"));
            create(admin, "tsdb-tree", List.of("t"));
            create(admin, "tsdb-meta", List.of("name"));
        }
    }

    static void create(Admin admin, String table, List<String> families) throws Exception {
        TableName name = TableName.valueOf(table);
        if (admin.tableExists(name)) return;
        TableDescriptorBuilder t = TableDescriptorBuilder.newBuilder(name);
        for (String f : families) t.setColumnFamily(ColumnFamilyDescriptorBuilder.newBuilder(f.getBytes()).setMaxVersions(1).build());
        admin.createTable(t.build());
        System.out.println("created " + table);
    }
}
